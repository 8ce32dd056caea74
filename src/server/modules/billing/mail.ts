/** The e-mail that carries an invoice to its customer: text and HTML, the admin's message, a link to the order. */
import type { InvoiceDetail } from '../../../domain/billing-schemas';
import { formatCalendarDate } from '../../../domain/display-dates';
import { formatCurrency } from '../../../domain/format';
import type { MailMessage } from '../../platform/mail';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The invoice's e-mail comes from the station that issued it (its frozen name, decision 029), and its
 * dates read as the app prints them ('Dec 7, 2026'; issue 29 item 19).
 */
export const composeInvoiceMail = ({
  appUrl,
  invoice,
  customMessage,
  stationName,
}: {
  appUrl: string;
  invoice: InvoiceDetail;
  customMessage: string | null;
  stationName: string;
}): MailMessage => {
  const link = `${appUrl}/app/estimates/${invoice.estimate_id}`;
  const greeting = `Hello ${invoice.customer_contact ?? invoice.customer_name ?? ''},`.replace(' ,', ',');
  const facts: [string, string][] = [
    ['Invoice', invoice.invoice_number],
    ['Order', invoice.estimate_name || '—'],
    ...(invoice.brand_name ? ([['Brand', invoice.brand_name]] as [string, string][]) : []),
    ['Issue date', formatCalendarDate(invoice.issue_date)],
    ['Due date', formatCalendarDate(invoice.due_date)],
    ...(invoice.commission_rate > 0
      ? ([
          ['Gross', formatCurrency(invoice.total_amount)],
          [`Agency commission (${Number((invoice.commission_rate * 100).toFixed(4))}%)`, `-${formatCurrency(invoice.commission_amount)}`],
          ['Net due', formatCurrency(invoice.net_amount)],
        ] as [string, string][])
      : ([['Total', formatCurrency(invoice.total_amount)]] as [string, string][])),
    ...(invoice.period_start && invoice.period_end
      ? ([['Broadcast month', `${formatCalendarDate(invoice.period_start)} – ${formatCalendarDate(invoice.period_end)}`]] as [string, string][])
      : []),
    ['Paid', formatCurrency(invoice.paid_amount)],
    ['Balance due', formatCurrency(invoice.balance_due)],
    ['Payment terms', invoice.payment_terms],
  ];
  const intro = `Please find the details of invoice ${invoice.invoice_number} below. The balance of ${formatCurrency(invoice.balance_due)} is due by ${formatCalendarDate(invoice.due_date)}.`;
  const from = stationName.trim() || 'Spotbook';
  return {
    to: invoice.customer_email ?? '',
    subject: `Invoice ${invoice.invoice_number} from ${from}`,
    text: [
      greeting,
      '',
      ...(customMessage ? [customMessage, ''] : []),
      intro,
      '',
      ...facts.map(([label, value]) => `${label}: ${value}`),
      '',
      `View your order online: ${link}`,
      '',
      from,
    ].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      ...(customMessage ? [`<p>${escapeHtml(customMessage).replace(/\r?\n/g, '<br>')}</p>`] : []),
      `<p>${escapeHtml(intro)}</p>`,
      `<table cellpadding="4" style="border-collapse:collapse">${facts
        .map(([label, value]) => `<tr><td style="color:#555">${escapeHtml(label)}</td><td><strong>${escapeHtml(value)}</strong></td></tr>`)
        .join('')}</table>`,
      `<p><a href="${escapeHtml(link)}">View your order online</a></p>`,
      `<p>${escapeHtml(from)}</p>`,
    ].join(''),
  };
};
