/** The three names every catalogue item carries: `name` is simplified Chinese (the fallback), then English, Japanese. */
export interface WorldNames {
  name: string;
  name_en: string;
  name_ja: string;
}
