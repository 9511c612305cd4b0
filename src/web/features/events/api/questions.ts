import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TQuestionInput, TQuestionPatch } from '../../../../common/schemas/questions.ts';
import type { TQuestion } from '../../../../common/schemas/questions.responses.ts';
import { api } from '../../../lib/api.ts';
import { questionKeys, questionsPath as path } from '../../../lib/queries/event-questions.ts';

export { useQuestions } from '../../../lib/queries/event-questions.ts';

/** Every change answers with the question(s) as stored; the list is then read again (answer counts). */
function useQuestionMutation<V>(eventId: string, fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: questionKeys(eventId) }) });
}

export const useAddQuestion = (eventId: string) =>
  useQuestionMutation(eventId, (input: TQuestionInput) => api<{ question: TQuestion }>(path(eventId), { method: 'POST', body: input }));

export const useChangeQuestion = (eventId: string) =>
  useQuestionMutation(eventId, ({ id, patch }: { id: string; patch: TQuestionPatch }) =>
    api<{ question: TQuestion }>(`${path(eventId)}/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch }),
  );

export const useDeleteQuestion = (eventId: string) =>
  useQuestionMutation(eventId, (id: string) => api<unknown>(`${path(eventId)}/${encodeURIComponent(id)}`, { method: 'DELETE' }));

export function useOrderQuestions(eventId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api<{ questions: TQuestion[] }>(`${path(eventId)}/order`, { method: 'PUT', body: { ids } }),
    // The new order shows at once; the server's answer (or a reload after a failure) settles it.
    onMutate: (ids) => {
      const before = qc.getQueryData<TQuestion[]>(questionKeys(eventId));
      if (before) qc.setQueryData(questionKeys(eventId), ids.map((id) => before.find((q) => q.id === id)).filter(Boolean) as TQuestion[]);
    },
    onSuccess: (r) => qc.setQueryData(questionKeys(eventId), r.questions),
    onError: () => qc.invalidateQueries({ queryKey: questionKeys(eventId) }),
  });
}
