// DESIGN §5: morning 05–11, afternoon 12–17, evening otherwise, in the viewer's local time.
export type Greeting = 'morning' | 'afternoon' | 'evening';

export function greetingFor(time: Date): Greeting {
  const hour = time.getHours();
  if (hour >= 5 && hour <= 11) return 'morning';
  if (hour >= 12 && hour <= 17) return 'afternoon';
  return 'evening';
}

/** The first word of a full name ('Karin Lund' → 'Karin'); undefined when there is no name yet. */
export function firstName(name: string | null | undefined): string | undefined {
  return name?.trim().split(/\s+/)[0] || undefined;
}
