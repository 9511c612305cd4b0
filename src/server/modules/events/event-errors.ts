import { SAMPLE_PRODUCT } from '../../../common/routes.ts';
import { AppError } from '../../errors.ts';

/** Slugs kept for fixed pages: /sample is the seeded sample event's landing page. */
const RESERVED = new Set<string>([SAMPLE_PRODUCT]);

export const isReservedSlug = (slug: string) => RESERVED.has(slug);

export const SLUG_CONSTRAINT = 'events_slug_key';
export const THEME_CONSTRAINT = 'events_theme_id_event_themes_id_fk';

const SLUG_TAKEN = 'This link is already taken. Please choose another.';
export const slugTaken = () => new AppError('conflict', SLUG_TAKEN, { slug: SLUG_TAKEN });

const DEMO_SLUG = 'The demo event keeps its page address.';
export const demoSlugFixed = () => new AppError('validation_failed', DEMO_SLUG, { slug: DEMO_SLUG });

export const unknownTheme = () =>
  new AppError('validation_failed', 'Choose a theme from the list.', { theme_id: 'Choose a theme from the list.' });
