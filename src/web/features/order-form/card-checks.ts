/**
 * Checks of a new card, done in the browser only. The full number and the security code are
 * read here and never sent: what leaves is the network, the last four digits and the expiry.
 */
import { CARD_EXPIRED, isCardExpired } from '../../../domain/payment-method-schemas';

export const INVALID_CARD_NUMBER = 'Please enter a valid card number';
export const INVALID_EXPIRY_MONTH = 'Please enter a valid expiry month';
export const INVALID_EXPIRY_YEAR = 'Please enter a valid expiry year';
export const INVALID_CVC = 'Please enter a valid security code';
export { CARD_EXPIRED };

export type CardNetwork = 'Visa' | 'Mastercard' | 'American Express' | 'Discover';

/** Digits only: spaces and dashes typed between groups are dropped. */
export const cardDigits = (number: string): string => number.replace(/[\s-]/g, '');

/** The Luhn checksum every card number carries. */
export const passesLuhn = (digits: string): boolean => {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
};

/** The network, from the number's leading digits; null when none of the four we accept. */
export const detectCardNetwork = (number: string): CardNetwork | null => {
  const digits = cardDigits(number);
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  if (/^(6011|65|64[4-9]|622)/.test(digits)) return 'Discover';
  return null;
};

const LENGTHS: Record<CardNetwork, readonly number[]> = {
  Visa: [13, 16, 19],
  Mastercard: [16],
  'American Express': [15],
  Discover: [16, 17, 18, 19],
};

export interface CardEntry {
  number: string;
  expMonth: string;
  expYear: string;
  cvc: string;
}

export type CardField = keyof CardEntry;

/** '4' or '04' → 4; null when not a month. */
const monthOf = (value: string): number | null => {
  const text = value.trim();
  if (!/^\d{1,2}$/.test(text)) return null;
  const month = Number(text);
  return month >= 1 && month <= 12 ? month : null;
};

/** '28' → 2028, '2028' → 2028; null otherwise. */
const yearOf = (value: string): number | null => {
  const text = value.trim();
  if (/^\d{2}$/.test(text)) return 2000 + Number(text);
  if (/^\d{4}$/.test(text)) return Number(text);
  return null;
};

/** The card's problems, one per field; empty when the card can be saved. */
export const cardEntryErrors = (entry: CardEntry, now: Date = new Date()): Partial<Record<CardField, string>> => {
  const errors: Partial<Record<CardField, string>> = {};
  const digits = cardDigits(entry.number);
  const network = detectCardNetwork(digits);
  if (!/^\d+$/.test(digits) || !network || !LENGTHS[network].includes(digits.length) || !passesLuhn(digits)) errors.number = INVALID_CARD_NUMBER;
  const month = monthOf(entry.expMonth);
  const year = yearOf(entry.expYear);
  if (month === null) errors.expMonth = INVALID_EXPIRY_MONTH;
  if (year === null) errors.expYear = INVALID_EXPIRY_YEAR;
  else if (month !== null && isCardExpired(month, year, now)) errors.expYear = CARD_EXPIRED;
  const cvcLength = network === 'American Express' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(entry.cvc.trim())) errors.cvc = INVALID_CVC;
  return errors;
};

/** What may be sent about a valid card: never the number or the code. */
export const cardSummary = (entry: CardEntry): { brand: CardNetwork; last4: string; exp_month: number; exp_year: number } | null => {
  if (Object.keys(cardEntryErrors(entry)).length > 0) return null;
  const digits = cardDigits(entry.number);
  return { brand: detectCardNetwork(digits)!, last4: digits.slice(-4), exp_month: monthOf(entry.expMonth)!, exp_year: yearOf(entry.expYear)! };
};
