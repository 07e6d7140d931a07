import { offerListResponse } from '@portal/domain/schemas/offer';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseJsonSchema, responseSerializerCompiler } from './response-serializer';

function writerOf(schema: z.ZodType) {
  return responseSerializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });
}

/** What zod's serializer (fastify-type-provider-zod) wrote for the same value. */
function zodJson(schema: z.ZodType, value: unknown): string {
  return JSON.stringify(z.encode(schema, value));
}

const offer = {
  id: 'a1',
  enquiryId: 'e1',
  enquiryTitle: 'Schaltschrank „Linie 4“ \\ Süd',
  offerNumber: null,
  referenceNumber: 'MM-2026-0001',
  counterpartName: 'Müller & Söhne GmbH',
  releaseDate: null,
  state: 'OPEN',
  version: 2,
  released: false,
  archived: false,
  price: 1234.5,
  createDate: '2026-11-27T08:00:00.000Z',
  validUntil: '2026-12-27',
  expired: false,
  versions: [{ id: 'a0', version: 1 }],
};

describe('responseSerializerCompiler', () => {
  it('writes an offer page as zod did, without the row fields the schema does not name', () => {
    const value = { content: [{ ...offer, lineageId: 'not for the client' }, offer], totalElements: 2 };
    const written = writerOf(offerListResponse)(value);
    expect(written).toBe(zodJson(offerListResponse, value));
    expect(written).not.toContain('lineageId');
  });

  it('writes null, absent optional fields, unions, records and nested nullable objects as zod did', () => {
    const schema = z.object({
      maybe: z.string().nullable(),
      count: z.number().int().nullable(),
      note: z.string().optional(),
      choice: z.union([
        z.object({ kind: z.literal('a'), a: z.number() }),
        z.object({ kind: z.literal('b') }),
      ]),
      byName: z.record(z.string(), z.number()),
      own: z.object({ id: z.string(), state: z.enum(['OPEN', 'DECLINED']) }).nullable(),
      tags: z.array(z.enum(['x', 'y'])),
    });
    const write = writerOf(schema);
    for (const value of [
      { maybe: null, count: null, choice: { kind: 'b' }, byName: {}, own: null, tags: [] },
      {
        maybe: 'ja',
        count: 3,
        note: 'Hinweis',
        choice: { kind: 'a', a: 1.5 },
        byName: { Schütz: 2, 'Klemme "X"': 4 },
        own: { id: 'o', state: 'DECLINED' },
        tags: ['x', 'y'],
      },
    ]) {
      expect(JSON.parse(write(value))).toEqual(JSON.parse(zodJson(schema, value)));
    }
  });

  it('keeps zod’s serializer for a schema JSON Schema cannot express (a transform)', () => {
    const schema = z.object({ name: z.string().transform((value) => value.toUpperCase()) });
    expect(responseJsonSchema(schema)).toBeNull();
    expect(() => writerOf(schema)({ name: 'x' })).toThrow();
  });
});
