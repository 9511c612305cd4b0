/** A question id that is not one of this event's (or is gone): 404. */
export const MSG_QUESTION_NOT_FOUND = 'This question is not on the form any more.';
