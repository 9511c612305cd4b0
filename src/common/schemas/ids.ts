import { z } from 'zod';

/** A PostgreSQL uuid as text (any version, either case): the one id pattern of the app. */
// Both cases spelled out rather than the i flag: /api/openapi.json carries the pattern as JSON Schema, which has no flags.
export const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);

/** A uuid field or path parameter; `message` names what it should have been. */
export const zUuid = (message: string) => z.string({ error: message }).regex(UUID_PATTERN, message);
