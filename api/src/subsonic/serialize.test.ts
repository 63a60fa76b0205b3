import { describe, expect, it } from 'vitest';
import { textElement, toJson, toXml } from './serialize.ts';

describe('the Subsonic wire formats', () => {
  const body = {
    status: 'ok',
    openSubsonic: true,
    album: { id: 'al-1', name: 'A & B', songCount: 2, starred: undefined, song: [{ id: 'tr-1', title: '<One>' }, { id: 'tr-2', title: 'Two' }], genres: [{ name: 'Jazz' }] },
    genres: { genre: [{ value: 'Rock "n" Roll', songCount: 3 }] },
    openSubsonicExtensions: [{ name: 'formPost', versions: [1, 2] }],
    empty: {},
  };

  it('writes scalars as attributes, objects as elements, arrays as repeated elements and value as text', () => {
    expect(toXml('subsonic-response', body)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><subsonic-response xmlns="http://subsonic.org/restapi" status="ok" openSubsonic="true">' +
        '<album id="al-1" name="A &amp; B" songCount="2"><song id="tr-1" title="&lt;One&gt;"/><song id="tr-2" title="Two"/><genres name="Jazz"/></album>' +
        '<genres><genre songCount="3">Rock &quot;n&quot; Roll</genre></genres>' +
        '<openSubsonicExtensions name="formPost"><versions>1</versions><versions>2</versions></openSubsonicExtensions>' +
        '<empty/></subsonic-response>',
    );
  });

  it('drops characters XML cannot carry, and keeps line breaks in attributes', () => {
    expect(toXml('r', { name: 'bell\u0007 tab\t', comment: 'two\nlines' })).toContain('name="bell tab&#9;" comment="two&#10;lines"');
  });

  it('writes the same object as JSON under the root, leaving out what is undefined', () => {
    expect(JSON.parse(toJson('subsonic-response', body))['subsonic-response'].album).toEqual({
      id: 'al-1',
      name: 'A & B',
      songCount: 2,
      song: [{ id: 'tr-1', title: '<One>' }, { id: 'tr-2', title: 'Two' }],
      genres: [{ name: 'Jazz' }],
    });
  });

  it('writes a text element as its own child element in XML and as a plain string in JSON', () => {
    const info = { biography: textElement('Born <here> & there'), musicBrainzId: textElement(undefined), smallImageUrl: textElement('https://x/a.png') };
    expect(toXml('r', { artistInfo2: info })).toContain('<artistInfo2><biography>Born &lt;here&gt; &amp; there</biography><smallImageUrl>https://x/a.png</smallImageUrl></artistInfo2>');
    expect(JSON.parse(toJson('r', { artistInfo2: info })).r.artistInfo2).toEqual({ biography: 'Born <here> & there', smallImageUrl: 'https://x/a.png' });
  });
});
