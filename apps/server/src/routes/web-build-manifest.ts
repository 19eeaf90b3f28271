import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LOCALES, type Locale } from '@portal/contract';

interface ManifestChunk {
  file?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

/** The screens a signed-in person's page starts with: the frame of every signed-in page, and the home page. */
const SIGNED_IN_SCREENS = new Set(['app-shell', 'home-route']);
/** The screen a visitor without a session almost always starts with. */
const SIGNED_OUT_SCREENS = new Set(['login-page']);

/** What the page asks the browser to fetch early, from the build's manifest. */
export interface WebBuildFiles {
  /** Each language's texts: fetched with the scripts rather than after them. */
  textFiles: Partial<Record<Locale, string>>;
  /**
   * The files of the signed-in screens that the first script does not already bring: without
   * them in the page, a signed-in person's dashboard waits for the first script to run before
   * it even asks for them.
   */
  signedInFiles: string[];
  /** The same for a visitor without a session: the sign-in page's files. */
  signedOutFiles: string[];
}

export async function readWebBuildFiles(webDistDir: string): Promise<WebBuildFiles> {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(await readFile(path.join(webDistDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    // A build without a manifest works as well, a round trip slower.
    return { textFiles: {}, signedInFiles: [], signedOutFiles: [] };
  }
  const closureOf = (keys: string[], into = new Set<string>()) => {
    for (const key of keys) {
      if (into.has(key) || !manifest[key]) continue;
      into.add(key);
      closureOf(manifest[key].imports ?? [], into);
    }
    return into;
  };
  const firstScript = closureOf(Object.keys(manifest).filter((key) => manifest[key]!.isEntry));
  const fileOf = (key: string) => (manifest[key]?.file ? [`/${manifest[key].file}`] : []);
  /** The files of some screens, less those the first script already brings. */
  const filesOfScreens = (screens: Set<string>) =>
    [...closureOf(Object.keys(manifest).filter((key) => manifest[key]!.isDynamicEntry && screens.has(manifest[key]!.name ?? '')))]
      .filter((key) => !firstScript.has(key))
      .flatMap(fileOf);
  return {
    textFiles: Object.fromEntries(LOCALES.flatMap((language) => fileOf(`src/i18n/${language}.json`).map((file) => [language, file]))),
    signedInFiles: filesOfScreens(SIGNED_IN_SCREENS),
    signedOutFiles: filesOfScreens(SIGNED_OUT_SCREENS),
  };
}
