import { describe, expect, it } from 'vitest';
import { fieldPath } from '../../domain/validation';
import { errorReply, pathOf } from './errors';

describe('the field of a schema failure (decision 043)', () => {
  it('reads the path from the plugin’s instancePath, digits as list positions', () => {
    expect(pathOf('/selectedDayparts/2/user_defined_cpm')).toEqual(['selectedDayparts', 2, 'user_defined_cpm']);
    expect(fieldPath(pathOf('/selectedDayparts/2/user_defined_cpm'))).toBe('selectedDayparts[2].user_defined_cpm');
    expect(fieldPath(pathOf('/start_date'))).toBe('start_date');
  });

  it('names nothing for the request as a whole', () => {
    expect(fieldPath(pathOf('/'))).toBeUndefined();
    expect(fieldPath(pathOf(undefined))).toBeUndefined();
  });

  it('answers the message first, and the field only when there is one', () => {
    expect(JSON.stringify(errorReply('Start date is required', 'start_date'))).toBe('{"error":"Start date is required","field":"start_date"}');
    expect(JSON.stringify(errorReply('Malformed JSON in request body'))).toBe('{"error":"Malformed JSON in request body"}');
  });
});
