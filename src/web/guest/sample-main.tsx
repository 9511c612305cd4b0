import { Component } from '../routes/sample.tsx';
import { mountGuestPage } from './mount.tsx';

mountGuestPage(Component);
