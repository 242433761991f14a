/**
 * The words of a service name (split at whitespace), each cut after its dots:
 * 'web01.demo.example' gives [['web01.', 'demo.', 'example']]. A line may break between the
 * pieces, never inside one, so a hostname wraps only at its dots.
 */
export function nameLabels(name: string): string[][] {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words.map((word) => word.split(/(?<=\.)/));
}
