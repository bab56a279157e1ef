// The export's .xlsx package, written straight to the answer: a ZIP (deflate, level 1) made as it
// goes — each part's local header, its deflated bytes, then a data descriptor with its CRC-32 and
// sizes, the central directory last — holding the parts exceljs's streaming writer makes with the
// server's settings (no shared strings, no styles used): content types, relationships, workbook,
// the default styles, document properties and one worksheet per sheet, whose rows the caller
// writes as XML. Only node:zlib: exceljs (and archiver under it) stay unloaded for an export
// (~25 MB of a server's RSS at the first one), and a row costs one string and the deflate.
import { createDeflateRaw, crc32 as zlibCrc32 } from 'node:zlib';
import type { Writable } from 'node:stream';

/** CRC-32 of the ZIP format: node:zlib's (Node ≥ 20.15), else a table. */
const crc32: (data: Buffer, value: number) => number = typeof zlibCrc32 === 'function' ? zlibCrc32 : (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return (data: Buffer, value: number) => {
    let c = ~value >>> 0;
    for (let i = 0; i < data.length; i++) c = table[(c ^ data[i]) & 0xff] ^ (c >>> 8);
    return ~c >>> 0;
  };
})();

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CT = 'application/vnd.openxmlformats-officedocument';
const attr = (s: string): string => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

const contentTypes = (sheets: number) => `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${CT}.spreadsheetml.sheet.main+xml"/>${Array.from({ length: sheets }, (_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="${CT}.spreadsheetml.worksheet+xml"/>`).join('')}<Override PartName="/xl/styles.xml" ContentType="${CT}.spreadsheetml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/><Override PartName="/docProps/app.xml" ContentType="${CT}.extended-properties+xml"/></Types>`;
const rootRels = `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}"><Relationship Id="rId1" Type="${NS_REL}/officeDocument" Target="xl/workbook.xml"/><Relationship Id="rId2" Type="${NS_PKG_REL}/metadata/core-properties" Target="docProps/core.xml"/><Relationship Id="rId3" Type="${NS_REL}/extended-properties" Target="docProps/app.xml"/></Relationships>`;
const appProps = (names: string[]) => `${XML_HEAD}<Properties xmlns="${NS_REL.replace('relationships', 'extended-properties')}" xmlns:vt="${NS_REL.replace('relationships', 'docPropsVTypes')}"><Application>Microsoft Excel</Application><DocSecurity>0</DocSecurity><ScaleCrop>false</ScaleCrop><HeadingPairs><vt:vector size="2" baseType="variant"><vt:variant><vt:lpstr>Worksheets</vt:lpstr></vt:variant><vt:variant><vt:i4>${names.length}</vt:i4></vt:variant></vt:vector></HeadingPairs><TitlesOfParts><vt:vector size="${names.length}" baseType="lpstr">${names.map((n) => `<vt:lpstr>${attr(n)}</vt:lpstr>`).join('')}</vt:vector></TitlesOfParts><Company></Company><LinksUpToDate>false</LinksUpToDate><SharedDoc>false</SharedDoc><HyperlinksChanged>false</HyperlinksChanged><AppVersion>16.0300</AppVersion></Properties>`;
const coreProps = (at: string) => `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:creator>campus</dc:creator><cp:lastModifiedBy>campus</cp:lastModifiedBy><dcterms:created xsi:type="dcterms:W3CDTF">${at}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${at}</dcterms:modified></cp:coreProperties>`;
const workbookRels = (sheets: number) => `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}"><Relationship Id="rId1" Type="${NS_REL}/styles" Target="styles.xml"/>${Array.from({ length: sheets }, (_, i) => `<Relationship Id="rId${i + 2}" Type="${NS_REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('')}</Relationships>`;
const workbook = (names: string[]) => `${XML_HEAD}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><workbookPr defaultThemeVersion="164011" filterPrivacy="1"/><sheets>${names.map((n, i) => `<sheet sheetId="${i + 1}" name="${attr(n)}" state="visible" r:id="rId${i + 2}"/>`).join('')}</sheets><calcPr calcId="171027"/></workbook>`;
// exceljs's default styles (one font, the two required fills, one border, one cell format)
const styles = `${XML_HEAD}<styleSheet xmlns="${NS_MAIN}"><fonts count="1"><font><sz val="11"/><color theme="1"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles><dxfs count="0"/><tableStyles count="0" defaultTableStyle="TableStyleMedium2" defaultPivotStyle="PivotStyleLight16"/></styleSheet>`;
/** A worksheet's XML up to its first row (the columns' widths) and after its last. */
export const sheetHead = (widths: number[]) => `${XML_HEAD}<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" mc:Ignorable="x14ac" xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac"><sheetFormatPr defaultRowHeight="15" outlineLevelRow="0" outlineLevelCol="0" x14ac:dyDescent="55"/><cols>${widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('')}</cols><sheetData>`;
export const SHEET_TAIL = '</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>';

interface Entry { name: Buffer; crc: number; csize: number; usize: number; offset: number; time: number; date: number }

/** Waits until `out` takes more (or throws once it is closed: the client went away). */
async function room(out: Writable): Promise<void> {
  if (out.destroyed || out.writableEnded) throw new Error('the export\'s answer is closed');
  if (!out.writableNeedDrain) return;
  await new Promise<void>((res) => { const done = () => { out.off('drain', done); out.off('close', done); res(); }; out.on('drain', done); out.on('close', done); });
  if (out.destroyed) throw new Error('the export\'s answer is closed');
}

/** A ZIP written in order to a stream: parts one after the other, then the directory. */
export class XlsxWriter {
  private offset = 0;
  private readonly entries: Entry[] = [];
  private readonly time: number;
  private readonly date: number;

  constructor(private readonly out: Writable, private readonly sheetNames: string[]) {
    const now = new Date();
    this.time = (now.getHours() << 11) | (now.getMinutes() << 5) | (now.getSeconds() >> 1);
    this.date = ((now.getFullYear() - 1980) << 9) | ((now.getMonth() + 1) << 5) | now.getDate();
  }

  private async put(b: Buffer): Promise<void> {
    this.out.write(b);
    this.offset += b.length;
    await room(this.out);
  }

  /** Opens a part: its text goes through write(), end() closes it (deflated as it comes). */
  async open(name: string): Promise<{ write(text: string): Promise<void>; end(): Promise<void> }> {
    const e: Entry = { name: Buffer.from(name), crc: 0, csize: 0, usize: 0, offset: this.offset, time: this.time, date: this.date };
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    head.writeUInt16LE(0x0808, 6); // sizes in the data descriptor; names in UTF-8
    head.writeUInt16LE(8, 8); // deflate
    head.writeUInt16LE(e.time, 10);
    head.writeUInt16LE(e.date, 12);
    head.writeUInt16LE(e.name.length, 26);
    await this.put(Buffer.concat([head, e.name]));
    const z = createDeflateRaw({ level: 1 });
    // the deflated bytes go out as they come, at the answer's pace
    const pump = (async () => {
      for await (const chunk of z as AsyncIterable<Buffer>) { e.csize += chunk.length; await this.put(chunk); }
    })();
    let failed: unknown;
    pump.catch((err) => { failed = err; z.destroy(); });
    return {
      write: async (text: string) => {
        if (failed) throw failed;
        const b = Buffer.from(text);
        e.crc = crc32(b, e.crc);
        e.usize += b.length;
        if (!z.write(b)) await Promise.race([new Promise((r) => z.once('drain', r)), pump]);
        if (failed) throw failed;
      },
      end: async () => {
        z.end();
        await pump;
        if (e.usize > 0xfffffffe || e.csize > 0xfffffffe || this.offset > 0xfffffffe) throw new Error('the export is larger than 4 GB');
        const dd = Buffer.alloc(16);
        dd.writeUInt32LE(0x08074b50, 0);
        dd.writeUInt32LE(e.crc >>> 0, 4);
        dd.writeUInt32LE(e.csize, 8);
        dd.writeUInt32LE(e.usize, 12);
        await this.put(dd);
        this.entries.push(e);
      },
    };
  }

  private async part(name: string, text: string): Promise<void> {
    const p = await this.open(name);
    await p.write(text);
    await p.end();
  }

  /** The package's first part (the sheets follow; the rest comes after them, see finish). */
  async begin(): Promise<void> {
    await this.part('_rels/.rels', rootRels);
  }

  /**
   * The parts after the sheets, then the central directory. exceljs's writer puts the workbook and its
   * relationships after the sheets too: its streaming reader (our import) reads such a file's sheets
   * one by one; with the workbook first it takes the sheets from the ZIP as they stream by and, for a
   * file written this way, gave only the first one.
   */
  async finish(): Promise<void> {
    const n = this.sheetNames.length;
    await this.part('[Content_Types].xml', contentTypes(n));
    await this.part('docProps/app.xml', appProps(this.sheetNames));
    await this.part('docProps/core.xml', coreProps(new Date().toISOString().replace(/\.\d+Z$/, 'Z')));
    await this.part('xl/styles.xml', styles);
    await this.part('xl/_rels/workbook.xml.rels', workbookRels(n));
    await this.part('xl/workbook.xml', workbook(this.sheetNames));
    const start = this.offset;
    const dir: Buffer[] = [];
    for (const e of this.entries) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(20, 4); // made by: 2.0
      h.writeUInt16LE(20, 6);
      h.writeUInt16LE(0x0808, 8);
      h.writeUInt16LE(8, 10);
      h.writeUInt16LE(e.time, 12);
      h.writeUInt16LE(e.date, 14);
      h.writeUInt32LE(e.crc >>> 0, 16);
      h.writeUInt32LE(e.csize, 20);
      h.writeUInt32LE(e.usize, 24);
      h.writeUInt16LE(e.name.length, 28);
      h.writeUInt32LE(e.offset, 42);
      dir.push(h, e.name);
    }
    const size = dir.reduce((s, b) => s + b.length, 0);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(size, 12);
    end.writeUInt32LE(start, 16);
    await this.put(Buffer.concat([...dir, end]));
  }
}
