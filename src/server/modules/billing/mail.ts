/** The e-mail that carries an invoice to its customer: text and HTML, the admin's message, a link to the order. */
import type { InvoiceDetail } from '../../../domain/billing-schemas';
import { formatCurrency } from '../../../domain/format';
import type { MailMessage } from '../../platform/mail';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const composeInvoiceMail = ({ appUrl, invoice, customMessage }: { appUrl: string; invoice: InvoiceDetail; customMessage: string | null }): MailMessage => {
  const link = `${appUrl}/app/estimates/${invoice.estimate_id}`;
  const greeting = `Hello ${invoice.customer_name ?? ''},`.replace(' ,', ',');
  const facts: [string, string][] = [
    ['Invoice', invoice.invoice_number],
    ['Order', invoice.estimate_name || '—'],
    ...(invoice.brand_name ? ([['Brand', invoice.brand_name]] as [string, string][]) : []),
    ['Issue date', invoice.issue_date],
    ['Due date', invoice.due_date],
    ...(invoice.commission_rate > 0
      ? ([
          ['Gross', formatCurrency(invoice.total_amount)],
          [`Agency commission (${Number((invoice.commission_rate * 100).toFixed(4))}%)`, `-${formatCurrency(invoice.commission_amount)}`],
          ['Net due', formatCurrency(invoice.net_amount)],
        ] as [string, string][])
      : ([['Total', formatCurrency(invoice.total_amount)]] as [string, string][])),
    ...(invoice.period_start && invoice.period_end ? ([['Broadcast month', `${invoice.period_start} – ${invoice.period_end}`]] as [string, string][]) : []),
    ['Paid', formatCurrency(invoice.paid_amount)],
    ['Balance due', formatCurrency(invoice.balance_due)],
    ['Payment terms', invoice.payment_terms],
  ];
  const intro = `Please find the details of invoice ${invoice.invoice_number} below. The balance of ${formatCurrency(invoice.balance_due)} is due by ${invoice.due_date}.`;
  return {
    to: invoice.customer_email ?? '',
    subject: `Invoice ${invoice.invoice_number} from Spotbook`,
    text: [
      greeting,
      '',
      ...(customMessage ? [customMessage, ''] : []),
      intro,
      '',
      ...facts.map(([label, value]) => `${label}: ${value}`),
      '',
      `View your order in Spotbook: ${link}`,
    ].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      ...(customMessage ? [`<p>${escapeHtml(customMessage).replace(/\r?\n/g, '<br>')}</p>`] : []),
      `<p>${escapeHtml(intro)}</p>`,
      `<table cellpadding="4" style="border-collapse:collapse">${facts
        .map(([label, value]) => `<tr><td style="color:#555">${escapeHtml(label)}</td><td><strong>${escapeHtml(value)}</strong></td></tr>`)
        .join('')}</table>`,
      `<p><a href="${escapeHtml(link)}">View your order in Spotbook</a></p>`,
    ].join(''),
  };
};
