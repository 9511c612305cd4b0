import { Component } from '../routes/event.tsx';
import { mountGuestPage } from './mount.tsx';

mountGuestPage(Component);
