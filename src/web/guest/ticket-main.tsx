import { Component } from '../routes/ticket.tsx';
import { mountGuestPage } from './mount.tsx';

mountGuestPage(Component);
