import { describe, expect, it } from 'vitest';
import type { TFormQuestion } from '../../../common/schemas/questions.ts';
import { answerErrorsOf, checkAnswers, startingAnswers } from './question-fields.tsx';

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const diet: TFormQuestion = { id: id(1), kind: 'short_text', label: 'Diet', help: null, required: true, shown_for: 'yes', options: [] };
const meal: TFormQuestion = {
  id: id(2),
  kind: 'single_choice',
  label: 'Meal',
  help: null,
  required: false,
  shown_for: 'all',
  options: [
    { id: id(7), label: 'Fish' },
    { id: id(8), label: 'Veg' },
  ],
};
const extras: TFormQuestion = { ...meal, id: id(3), kind: 'multiple_choice', label: 'Extras' };
const rules: TFormQuestion = { id: id(4), kind: 'checkbox', label: 'Rules', help: null, required: true, shown_for: 'all', options: [] };
const form = [diet, meal, extras, rules];

describe('the RSVP form checks answers as the server does (docs/product.md#custom-questions)', () => {
  it('names each missing required answer; a Yes-only question is not asked of a No', () => {
    expect(checkAnswers(form, 'confirmed', {})).toEqual({
      ok: false,
      errors: { [diet.id]: 'Please answer this question.', [rules.id]: 'Please tick this box to continue.' },
    });
    expect(checkAnswers(form, 'declined', { [diet.id]: 'typed before switching', [rules.id]: true })).toEqual({
      ok: true,
      answers: { [rules.id]: true },
    });
  });

  it('sends trimmed text and chosen ids only; blanks and unticked optional answers are dropped', () => {
    const r = checkAnswers(form, 'confirmed', { [diet.id]: '  vegan ', [meal.id]: '', [extras.id]: [], [rules.id]: true });
    expect(r).toEqual({ ok: true, answers: { [diet.id]: 'vegan', [rules.id]: true } });
  });

  it('refuses an option that is not offered, and reads the server’s answers.<id> fields', () => {
    const r = checkAnswers(form, 'maybe', { [meal.id]: id(9), [rules.id]: true });
    expect(r).toEqual({ ok: false, errors: { [meal.id]: 'Choose one of the options shown.' } });
    expect(answerErrorsOf({ name: 'x', [`answers.${meal.id}`]: 'Nope' })).toEqual({ [meal.id]: 'Nope' });
  });

  it('the manage page starts from the stored answers, leaving out options no longer offered', () => {
    expect(startingAnswers(form, { [meal.id]: id(9), [extras.id]: [id(7), id(9)], [rules.id]: true })).toEqual({
      [meal.id]: '',
      [extras.id]: [id(7)],
      [rules.id]: true,
    });
  });
});
