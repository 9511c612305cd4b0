import { queryOptions } from '@tanstack/react-query';
import type { TWebhookDelivery, TWebhookEndpoint } from '../../../common/schemas/webhooks.ts';
import { api } from '../../lib/api.ts';

/** The account's webhook endpoints and their delivery logs (docs/product.md#webhooks). */
export const webhooksKey = ['account', 'webhooks'] as const;
export const webhooksPath = '/api/account/webhooks';
export const endpointPath = (id: string) => `${webhooksPath}/${encodeURIComponent(id)}`;

export const webhooksQuery = () =>
  queryOptions({
    queryKey: webhooksKey,
    queryFn: ({ signal }) => api<{ endpoints: TWebhookEndpoint[] }>(webhooksPath, { signal }).then((d) => d.endpoints),
  });

export const deliveriesQuery = (endpointId: string) =>
  queryOptions({
    queryKey: [...webhooksKey, endpointId, 'deliveries'] as const,
    queryFn: ({ signal }) =>
      api<{ deliveries: TWebhookDelivery[] }>(`${endpointPath(endpointId)}/deliveries`, { signal }).then((d) => d.deliveries),
  });
