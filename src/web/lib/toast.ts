import { toast } from 'sonner';

/** Toasts (docs/product.md#messages) are a title plus an optional description. */
export const notify = {
  success: (title: string, description?: string) => toast.success(title, { description }),
  error: (title: string, description?: string) => toast.error(title, { description }),
  info: (title: string, description?: string) => toast(title, { description }),
};
