import { httpClient } from '../providers/httpClient.ts';

export type Place = 'site' | 'admin' | 'api';

export interface UiStrings {
  /** Every English line of the interface (the catalogue's keys). */
  strings: string[];
  /** Where each line shows; a line missing here shows nowhere known. */
  places: Record<string, Place[]>;
}

/** The data provider's method for the translation screen: the lines to translate. */
export const localizationMethods = {
  async getUiStrings(): Promise<{ data: UiStrings }> {
    const { json } = await httpClient('/api/admin/ui-strings');
    return { data: { strings: json.strings, places: json.places ?? {} } };
  },
};
