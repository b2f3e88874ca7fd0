import { RefusedInput } from '../errors';
import { type Minor, parseMoney } from './money';

/** A request amount in minor units of the currency; refused naming the field for too many decimals. */
export function amountInput(value: number, currency: string, field: string): Minor {
  try {
    return parseMoney(value, currency);
  } catch (error) {
    throw new RefusedInput('Invalid request', [{ field, message: (error as Error).message }]);
  }
}
