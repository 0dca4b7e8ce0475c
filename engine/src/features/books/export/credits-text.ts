/**
 * What the narrated opening and closing credits say (ACX: title, author, narrator at the start;
 * "The End" at the close), unless the caller or the production settings give their own text.
 */
export interface CreditsInput {
  title: string;
  subtitle: string;
  author: string;
  narrator: string;
  openingOverride: string | null;
  closingOverride: string | null;
}

export function creditsText(input: CreditsInput): { opening: string; closing: string } {
  const opening =
    input.openingOverride ??
    [
      `${input.title}.`,
      input.subtitle ? `${input.subtitle}.` : '',
      input.author ? `Written by ${input.author}.` : '',
      input.narrator ? `Narrated by ${input.narrator}.` : '',
    ]
      .filter(Boolean)
      .join(' ');
  const closing =
    input.closingOverride ??
    [
      'The End.',
      `You have been listening to ${input.title}`,
      input.author ? `written by ${input.author},` : '',
      input.narrator ? `narrated by ${input.narrator}.` : '.',
    ]
      .filter(Boolean)
      .join(' ')
      .replace(' .', '.');
  return { opening, closing };
}
