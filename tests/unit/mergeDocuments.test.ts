import { describe, expect, it } from 'vitest';
import { mergeDocuments, type Json } from '../../engine/core/mergeDocuments';

const stepB: Json = { id: 'b', label: 'Age', options: [{ value: 'new', label: 'New' }] };
const base: { title: string; steps: Json[] } = { title: 'Boiler quote', steps: [{ id: 'a', label: 'Postcode' }, { id: 'b', label: 'Age', options: [{ value: 'new', label: 'New' }] }] };

describe('mergeDocuments', () => {
  it('keeps both edits when they touch different steps', () => {
    const theirs = { ...base, steps: [{ id: 'a', label: 'Your postcode' }, stepB] };
    const mine = { ...base, steps: [...base.steps, { id: 'c', label: 'Email' }] };
    const { merged, overlaps } = mergeDocuments(base, theirs, mine);
    expect(overlaps).toEqual([]);
    expect(merged).toEqual({ title: 'Boiler quote', steps: [{ id: 'a', label: 'Your postcode' }, stepB, { id: 'c', label: 'Email' }] });
  });
  it('matches options by value and reports the same field changed both ways', () => {
    const theirs = { ...base, title: 'Boilers' };
    const mine = { ...base, title: 'Heating' };
    expect(mergeDocuments(base, theirs, mine).overlaps).toEqual(['title']);
  });
  it('keeps a step one side deleted when the other did not change it', () => {
    const theirs = { ...base, steps: [stepB] };
    const { merged, overlaps } = mergeDocuments(base, theirs, base);
    expect(overlaps).toEqual([]);
    expect(merged).toEqual(theirs);
  });
});
