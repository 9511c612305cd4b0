import { Component } from '../routes/manage-rsvp.tsx';
import { mountGuestPage } from './mount.tsx';

mountGuestPage(Component);
