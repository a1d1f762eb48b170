import { createHash } from 'node:crypto';
import type { IdCardVault } from '../../platform/id-card-vault.ts';
import { NuonuoClient, NuonuoInvoiceProvider } from '../../platform/providers/invoice/nuonuo.ts';
import type { AsyncInvoiceProvider } from '../../platform/providers/invoice/provider.ts';
import { DevInvoiceProvider, type InvoiceProviders } from './invoices.ts';
import type { OrderRepository } from './order.repository.ts';

/**
 * Each enterprise's invoice provider (decision 058), from its order settings: Nuonuo with its own
 * account (the secret decrypted here, nowhere else), or the dev provider where DEV_PROVIDERS is
 * on. A Nuonuo client is kept per enterprise while its account is unchanged: its access token is
 * cached in it, and Nuonuo allows few token requests (50 in 30 days).
 */
export function invoiceProviders(deps: {
  repo: OrderRepository;
  vault: IdCardVault;
  devProviders: boolean;
  /** Tests point Nuonuo at a local server. */
  nuonuoBaseUrl?: string;
}): InvoiceProviders {
  const dev = new DevInvoiceProvider();
  const clients = new Map<number, { key: string; provider: AsyncInvoiceProvider }>();
  return async (eid) => {
    const settings = await deps.repo.settings(eid);
    if (settings.invoiceProvider !== 'nuonuo') return deps.devProviders ? dev : null;
    const m = settings.invoiceMerchant;
    if (!m.appKey || !m.taxNo || !settings.invoiceSecret) return null;
    const key = createHash('sha256')
      .update(JSON.stringify([m.appKey, m.taxNo, m.clerk, m.sandbox, settings.invoiceSecret]))
      .digest('hex');
    const kept = clients.get(eid);
    if (kept?.key === key) return kept.provider;
    const provider = new NuonuoInvoiceProvider(
      new NuonuoClient({
        appKey: m.appKey,
        appSecret: deps.vault.decrypt(settings.invoiceSecret),
        taxNo: m.taxNo,
        clerk: m.clerk ?? '',
        sandbox: m.sandbox !== '0',
        ...(deps.nuonuoBaseUrl ? { baseUrl: deps.nuonuoBaseUrl } : {}),
      }),
    );
    clients.set(eid, { key, provider });
    return provider;
  };
}
