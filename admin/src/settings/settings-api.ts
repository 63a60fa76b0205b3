import { httpClient } from '../providers/httpClient.ts';

export interface SettingsSection {
  id: string;
  label: string;
  description: string;
  note?: string;
}

/** JSON Schema as zod writes it for a setting (only the parts the form reads). */
export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
}

export interface AdminSetting {
  name: string;
  section: string | null;
  label: string;
  description?: string;
  input?: 'textarea' | 'code' | 'bytes';
  property?: string;
  choices?: Record<string, string>;
  itemLabels?: Record<string, string>;
  schema: JsonSchema;
  private: boolean;
  value?: unknown;
  set?: boolean;
}

export interface SettingsResponse {
  sections: SettingsSection[];
  settings: AdminSetting[];
}

/** The data provider's methods for the Settings section: every section's settings, read and saved at once. */
export const settingsMethods = {
  async getSettings(): Promise<{ data: SettingsResponse }> {
    return { data: (await httpClient('/api/admin/settings')).json as SettingsResponse };
  },
  /** Saves the values given (by setting name) and answers every setting as it now is. */
  async updateSettings(values: Record<string, unknown>): Promise<{ data: SettingsResponse }> {
    return { data: (await httpClient('/api/admin/settings', { method: 'PUT', body: JSON.stringify(values) })).json as SettingsResponse };
  },
};

/** Setting names contain dots, which forms read as nesting; form fields use `__` instead. */
export const fieldKey = (name: string) => name.replace(/\./g, '__');
export const settingName = (key: string) => key.replace(/__/g, '.');
