import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TQuestion } from '../../../common/schemas/questions.responses.ts';
import { api } from '../api.ts';
import { eventKeys } from './event-keys.ts';

/** An event's RSVP form questions (docs/product.md#custom-questions): the host's editor and the guest list's columns. */
export const questionKeys = (eventId: string) => [...eventKeys.all, 'questions', eventId] as const;
export const questionsPath = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/questions`;

export const questionsQuery = (eventId: string) =>
  queryOptions({
    queryKey: questionKeys(eventId),
    queryFn: ({ signal }) => api<{ questions: TQuestion[] }>(questionsPath(eventId), { signal }).then((r) => r.questions),
  });

export function useQuestions(eventId: string, opts: { enabled?: boolean } = {}) {
  return useQuery({ ...questionsQuery(eventId), enabled: opts.enabled ?? true });
}
