// One MCP tool result (text, an image and a PDF) rendered for each of the six wires, for a
// model that sees images and for one that does not. Run: node examples/tool-result-per-wire.mjs
import { carriesNative, nativeNeedsVision, ToolResult } from '@crosswire/tool-result';

// An 8x8 PNG and a one-page PDF, as an MCP server would return them (base64).
const png =
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAG0lEQVR4nGPQzrn5aaUMJsmAVVQ75ybDoNQBAG+RZOGrLT+0AAAAAElFTkSuQmCC';
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
).toString('base64');

// What an MCP client's callTool returned, for the call { name, id } it answers.
const result = ToolResult.fromCallToolResult(
  { name: 'quarterly_report', id: 'call_1' },
  {
    content: [
      { type: 'text', text: 'Revenue is up 12%.' },
      { type: 'image', data: png, mimeType: 'image/png' },
      {
        type: 'resource',
        resource: { uri: 'file:///reports/q3.pdf', mimeType: 'application/pdf', blob: pdf },
      },
    ],
  },
);

// Replaces payloads by their size so the output stays readable (the real blocks carry them).
const summarise = (value) =>
  JSON.stringify(value, (_key, item) =>
    typeof item === 'string' && item.length > 60 && /^(data:[^,]*,)?[A-Za-z0-9+/=]+$/.test(item)
      ? `[${item.length} base64 characters]`
      : item,
  );

for (const wire of ['openai', 'anthropic', 'gemini', 'ollama', 'responses', 'hermes']) {
  console.log(
    `\n== ${wire}: carries images natively: ${carriesNative(wire, 'image')}, PDFs: ${carriesNative(wire, 'pdf')} (PDF needs vision: ${nativeNeedsVision(wire, 'pdf')})`,
  );
  // The options an engine derives from the model's capabilities (see @crosswire/registry).
  const seesImages = { imageInput: true, nativePdf: carriesNative(wire, 'pdf') };
  const textOnly = {
    imageInput: false,
    nativePdf: carriesNative(wire, 'pdf') && !nativeNeedsVision(wire, 'pdf'),
  };
  console.log('model that sees images:', summarise(result.to(wire, seesImages)));
  console.log('text-only model:       ', summarise(result.to(wire, textOnly)));
}

// The string wires never carry the payload: the image is a placeholder line.
const openai = result.to('openai');
if (openai.content.includes(png)) throw new Error('the base64 payload leaked into a string wire');
console.log('\nok: no string wire carries a base64 payload');
