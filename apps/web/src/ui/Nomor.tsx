// An identifying number (NIK, NIP, nomor peserta, nomor ijazah, nomor SK) never broken inside a run
// of its characters: a number split across two lines is misread and miscopied (issue #32). A code
// made of parts ("UUDAYA/2024/00000012") may wrap after a slash in a narrow column, never elsewhere.

import { Fragment } from 'react';

const ONE_LINE = { whiteSpace: 'nowrap', wordBreak: 'keep-all' } as const;

export function Nomor({ children }: { children: string }) {
  const parts = children.split(/(?<=\/)/);
  if (parts.length === 1) return <span style={ONE_LINE}>{children}</span>;
  return (
    <span>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one number, fixed
        <Fragment key={index}>
          {index > 0 && <wbr />}
          <span style={ONE_LINE}>{part}</span>
        </Fragment>
      ))}
    </span>
  );
}
