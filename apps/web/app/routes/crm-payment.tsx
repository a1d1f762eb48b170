import { findPayMethods } from '@portal/contract/calls/order-admin';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { PaymentSettingsView, type PaymentSettingsData } from '../features/crm/orders/payment-settings.tsx';
import type { Route } from './+types/crm-payment';

/** /crm/payment: payment methods, merchants and order settings (decision 057). */
export async function loader(args: Route.LoaderArgs): Promise<PaymentSettingsData> {
  const answer = await callAdmin(args, findPayMethods, {});
  return { settings: answer.data, error: answer.error };
}

export const handle: CrmHandle = { crumb: 'paymentSettings' };

export default function CrmPaymentPage({ loaderData }: Route.ComponentProps) {
  return <PaymentSettingsView {...loaderData} />;
}
