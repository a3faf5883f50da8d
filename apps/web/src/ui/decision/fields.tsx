// The pieces every decision form is made of, bound to one field of the decision's draft: the
// choice between outcomes and a free-text reason or note (the same size and limit everywhere).

import { Textarea, type TextareaProps } from '@mantine/core';
import type { Choice } from './DecisionPanel';
import type { Decision } from './useDecision';
import './fields.css';

/** The fields of a draft that hold text. */
type TextField<D> = { [K in keyof D]: D[K] extends string ? K : never }[keyof D];

/**
 * A reason or a note: two rows that grow (fields.css), up to 2,000 characters (the same
 * everywhere). Mantine's `autosize` measured a hidden copy of the field at every render: a forced
 * layout each time the next applicant was drawn.
 */
export function ReasonText(props: Omit<TextareaProps, 'autosize' | 'minRows' | 'maxLength' | 'rows'>) {
  return <Textarea rows={2} maxLength={2000} classNames={{ input: 'portal-reason-text' }} {...props} />;
}

/** A reason or a note of the draft (`field`). */
export function DraftText<D>({
  decision,
  field,
  label,
  description,
}: {
  decision: Decision<D>;
  field: TextField<D>;
  label: string;
  description?: string;
}) {
  return (
    <ReasonText
      label={label}
      description={description}
      value={decision.draft[field] as string}
      onChange={(event) => decision.update({ [field]: event.currentTarget.value } as unknown as Partial<D>)}
    />
  );
}

/** DecisionPanel's `choice`, bound to the draft's `field`. */
export function choiceOf<D, K extends keyof D, C extends NonNullable<D[K]> & string>(
  decision: Decision<D>,
  field: K,
  label: string,
  choices: Choice<C>[],
) {
  return {
    label,
    choices,
    value: (decision.draft[field] ?? null) as C | null,
    onChange: (value: C) => decision.update({ [field]: value } as unknown as Partial<D>),
  };
}
