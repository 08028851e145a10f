// The properties list's search: done here rather than by the API, since a user's list is small.
import type { Language } from '@portal/contracts/domain';
import type { Property } from '@portal/contracts/properties';

/** Properties whose name, address or organization contain every word of the query. */
export function matchingProperties(
  properties: readonly Property[],
  query: string,
  language: Language,
) {
  const lower = (text: string) => text.toLocaleLowerCase(language);
  const words = lower(query).split(/\s+/).filter(Boolean);
  return properties.filter((property) => {
    const text = lower(`${property.name} ${property.address} ${property.organizationName}`);
    return words.every((word) => text.includes(word));
  });
}
