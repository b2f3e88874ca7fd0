import { type Minor, parseMoney } from '../domain/money';
import { BadRequest } from './errors';

/** A request amount in minor units of the currency; 400 naming the field for too many decimals. */
export function amountInput(value: number, currency: string, field: string): Minor {
  try {
    return parseMoney(value, currency);
  } catch (error) {
    throw new BadRequest('Invalid request', [{ field, message: (error as Error).message }]);
  }
}
