import { z } from 'zod';

/** A PostgreSQL uuid as text (any version, either case): the one id pattern of the app. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);

/** A uuid field or path parameter; `message` names what it should have been. */
export const zUuid = (message: string) => z.string({ error: message }).regex(UUID_PATTERN, message);
