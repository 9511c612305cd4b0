import { Component } from '../routes/payment-success.tsx';
import { mountGuestPage } from './mount.tsx';

mountGuestPage(Component);
