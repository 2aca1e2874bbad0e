// Generated from data/*.json by `node --import tsx packages/registry/scripts/registry.ts generate`.
// Do not edit: change the data files and regenerate. Validated when generated, so loading it
// needs no schema pass; JSON.parse of one string is the fastest way to load this much data.
import type { RegistryFile } from '../files.js';

export const registryFiles: readonly RegistryFile[] = JSON.parse(`[
{
"kind":"lab",
"file":"data/models/alibaba.json",
"data":{
"lab":"alibaba",
"name":"Alibaba (Qwen)",
"models":[
{"id":"qwen3-235b-a22b","name":"Qwen3 235B A22B","family":"qwen","variant":"235b-a22b","version":"3","release_date":"2025-04-29","limits":{"context":131072},"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://qwenlm.github.io/blog/qwen3/","date":"2026-11-29"},"image_input":{"value":false,"evidence":"docs","source":"https://qwenlm.github.io/blog/qwen3/","date":"2026-11-29"},"pdf_input":{"value":false,"evidence":"inferred","source":"https://qwenlm.github.io/blog/qwen3/","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://qwenlm.github.io/blog/qwen3/","date":"2026-11-29"}},"source":"https://qwenlm.github.io/blog/qwen3/"},
{"id":"qwen3-32b","name":"Qwen3 32B","family":"qwen","variant":"32b","version":"3","release_date":"2025-04-29","limits":{"context":131072},"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://qwenlm.github.io/blog/qwen3/","date":"2026-11-29"},"image_input":{"value":false,"evidence":"docs","source":"https://qwenlm.github.io/blog/qwen3/","date":"2026-11-29"},"pdf_input":{"value":false,"evidence":"inferred","source":"https://qwenlm.github.io/blog/qwen3/","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://qwenlm.github.io/blog/qwen3/","date":"2026-11-29"}},"source":"https://qwenlm.github.io/blog/qwen3/"},
{"id":"qwen3-8b","name":"Qwen3 8B","family":"qwen","variant":"8b","version":"3","release_date":"2025-04-29","limits":{"context":131072},"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://qwenlm.github.io/blog/qwen3/","date":"2026-11-29"},"image_input":{"value":false,"evidence":"docs","source":"https://qwenlm.github.io/blog/qwen3/","date":"2026-11-29"},"pdf_input":{"value":false,"evidence":"inferred","source":"https://qwenlm.github.io/blog/qwen3/","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://qwenlm.github.io/blog/qwen3/","date":"2026-11-29"}},"source":"https://qwenlm.github.io/blog/qwen3/"},
{"id":"qwen3-coder-480b-a35b-instruct","name":"Qwen3 Coder 480B A35B","family":"qwen","variant":"coder-480b","version":"3","release_date":"2025-07-22","limits":{"context":262144},"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://qwenlm.github.io/blog/qwen3-coder/","date":"2026-11-29"},"image_input":{"value":false,"evidence":"docs","source":"https://qwenlm.github.io/blog/qwen3-coder/","date":"2026-11-29"},"pdf_input":{"value":false,"evidence":"inferred","source":"https://qwenlm.github.io/blog/qwen3-coder/","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://qwenlm.github.io/blog/qwen3-coder/","date":"2026-11-29"}},"source":"https://qwenlm.github.io/blog/qwen3-coder/"},
{"id":"qwen2.5-vl-7b-instruct","name":"Qwen2.5-VL 7B Instruct","family":"qwen","variant":"vl-7b","version":"2.5","release_date":"2025-01-28","limits":{"context":128000},"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://qwenlm.github.io/blog/qwen2.5-vl/","date":"2026-11-29"},"image_input":{"value":true,"evidence":"docs","source":"https://qwenlm.github.io/blog/qwen2.5-vl/","date":"2026-11-29"},"pdf_input":{"value":false,"evidence":"inferred","source":"https://qwenlm.github.io/blog/qwen2.5-vl/","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://qwenlm.github.io/blog/qwen2.5-vl/","date":"2026-11-29"}},"source":"https://qwenlm.github.io/blog/qwen2.5-vl/"}
]
}
},
{
"kind":"lab",
"file":"data/models/amazon.json",
"data":{
"lab":"amazon",
"name":"Amazon",
"models":[
{"id":"nova-pro-v1","name":"Amazon Nova Pro","family":"nova","variant":"pro","version":"1","release_date":"2024-12","capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://docs.aws.amazon.com/bedrock/latest/userguide/conversation-inference-supported-models-features.html","date":"2026-12-01"},"image_input":{"value":true,"evidence":"docs","source":"https://docs.aws.amazon.com/nova/latest/userguide/what-is-nova.html","date":"2026-12-01"},"pdf_input":{"value":true,"evidence":"docs","source":"https://docs.aws.amazon.com/bedrock/latest/userguide/conversation-inference-supported-models-features.html","date":"2026-12-01","note":"Converse document blocks"},"audio_input":{"value":false,"evidence":"docs","source":"https://docs.aws.amazon.com/nova/latest/userguide/what-is-nova.html","date":"2026-12-01"}},"source":"https://docs.aws.amazon.com/nova/latest/userguide/what-is-nova.html"},
{"id":"nova-lite-v1","name":"Amazon Nova Lite","family":"nova","variant":"lite","version":"1","release_date":"2024-12","capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://docs.aws.amazon.com/bedrock/latest/userguide/conversation-inference-supported-models-features.html","date":"2026-12-01"},"image_input":{"value":true,"evidence":"docs","source":"https://docs.aws.amazon.com/nova/latest/userguide/what-is-nova.html","date":"2026-12-01"},"pdf_input":{"value":true,"evidence":"docs","source":"https://docs.aws.amazon.com/bedrock/latest/userguide/conversation-inference-supported-models-features.html","date":"2026-12-01","note":"Converse document blocks"},"audio_input":{"value":false,"evidence":"docs","source":"https://docs.aws.amazon.com/nova/latest/userguide/what-is-nova.html","date":"2026-12-01"}},"source":"https://docs.aws.amazon.com/nova/latest/userguide/what-is-nova.html"},
{"id":"nova-micro-v1","name":"Amazon Nova Micro","family":"nova","variant":"micro","version":"1","release_date":"2024-12","capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://docs.aws.amazon.com/bedrock/latest/userguide/conversation-inference-supported-models-features.html","date":"2026-12-01"},"image_input":{"value":false,"evidence":"docs","source":"https://docs.aws.amazon.com/nova/latest/userguide/what-is-nova.html","date":"2026-12-01"},"pdf_input":{"value":true,"evidence":"docs","source":"https://docs.aws.amazon.com/bedrock/latest/userguide/conversation-inference-supported-models-features.html","date":"2026-12-01","note":"Converse document blocks"},"audio_input":{"value":false,"evidence":"docs","source":"https://docs.aws.amazon.com/nova/latest/userguide/what-is-nova.html","date":"2026-12-01"}},"source":"https://docs.aws.amazon.com/nova/latest/userguide/what-is-nova.html","note":"Nova Micro is a text-only model"},
{"id":"nova-premier-v1","name":"Amazon Nova Premier","family":"nova","variant":"premier","version":"1","release_date":"2025-04","capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://docs.aws.amazon.com/bedrock/latest/userguide/conversation-inference-supported-models-features.html","date":"2026-12-01"},"image_input":{"value":true,"evidence":"docs","source":"https://docs.aws.amazon.com/nova/latest/userguide/what-is-nova.html","date":"2026-12-01"},"pdf_input":{"value":true,"evidence":"docs","source":"https://docs.aws.amazon.com/bedrock/latest/userguide/conversation-inference-supported-models-features.html","date":"2026-12-01","note":"Converse document blocks"},"audio_input":{"value":false,"evidence":"docs","source":"https://docs.aws.amazon.com/nova/latest/userguide/what-is-nova.html","date":"2026-12-01"}},"source":"https://docs.aws.amazon.com/nova/latest/userguide/what-is-nova.html"},
{"id":"nova-2-lite-v1","name":"Amazon Nova 2 Lite","family":"nova","variant":"lite","version":"2","release_date":"2025-12","capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://docs.aws.amazon.com/bedrock/latest/userguide/conversation-inference-supported-models-features.html","date":"2026-12-01"},"image_input":{"value":true,"evidence":"docs","source":"https://docs.aws.amazon.com/nova/latest/userguide/what-is-nova.html","date":"2026-12-01"},"pdf_input":{"value":true,"evidence":"docs","source":"https://docs.aws.amazon.com/bedrock/latest/userguide/conversation-inference-supported-models-features.html","date":"2026-12-01","note":"Converse document blocks"},"audio_input":{"value":false,"evidence":"docs","source":"https://docs.aws.amazon.com/nova/latest/userguide/what-is-nova.html","date":"2026-12-01"}},"source":"https://docs.aws.amazon.com/nova/latest/userguide/what-is-nova.html"}
]
}
},
{
"kind":"lab",
"file":"data/models/anthropic.json",
"data":{
"lab":"anthropic",
"name":"Anthropic",
"families":[
{"family":"claude","templates":["claude-{variant}-{version}","claude-{version}-{variant}"],"version_separator":"-","capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/overview","date":"2026-11-29"},"image_input":{"value":true,"evidence":"inferred","source":"https://docs.anthropic.com/en/docs/build-with-claude/vision","date":"2026-11-29"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://docs.anthropic.com/en/docs/build-with-claude/pdf-support","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"inferred","source":"https://docs.anthropic.com/en/docs/about-claude/models/overview","date":"2026-11-29"}},"request_features":{"output_format":[{"value":false,"evidence":"docs","source":"https://platform.claude.com/docs/en/build-with-claude/structured-outputs","date":"2026-12-01","note":"Fable models are not among the models with output_config.format","when":{"variant":"fable"}},{"value":false,"evidence":"docs","source":"https://platform.claude.com/docs/en/build-with-claude/structured-outputs","date":"2026-12-01","note":"Mythos models are not among the models with output_config.format","when":{"variant":"mythos"}},{"value":true,"evidence":"inferred","source":"https://platform.claude.com/docs/en/build-with-claude/structured-outputs","date":"2026-12-01","note":"every Claude model since the 4.5 generation takes output_config.format","when":{"version":">=4.5"}},{"value":false,"evidence":"docs","source":"https://platform.claude.com/docs/en/build-with-claude/structured-outputs","date":"2026-12-01","note":"output_config.format starts with the 4.5 generation","when":{"version":"<4.5"}}],"forced_tool_choice":[{"value":false,"evidence":"docs","source":"https://platform.claude.com/docs/en/models/fable-5-1/whats-new-fable-5-1#forced-tool-use-is-not-supported","date":"2026-12-01","note":"from the 5.1 generation, Fable refuses a tool_choice that forces tool use","when":{"variant":"fable","version":">=5.1"}},{"value":false,"evidence":"inferred","source":"https://platform.claude.com/docs/en/models/fable-5-1/whats-new-fable-5-1#forced-tool-use-is-not-supported","date":"2026-12-01","note":"Mythos 5.1 shares Fable 5.1's tool_choice change (forced tool use returns an error)","when":{"variant":"mythos","version":">=5.1"}}]},"source":"https://docs.anthropic.com/en/docs/about-claude/models/overview","note":"Every Claude model since Claude 3 takes images and PDFs; an unlisted version (claude-sonnet-5) inherits these as inferred facts until its entry lands."}
],
"models":[
{"id":"claude-opus-4-8","name":"Claude Opus 4.8","family":"claude","variant":"opus","version":"4.8","release_date":"2026-05-28","aliases":["claude-opus-4.8"],"limits":{"context":1000000,"output":128000},"capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/anthropic/models/claude-opus-4-8.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"},"image_input":{"value":true,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/anthropic/models/claude-opus-4-8.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/anthropic/models/claude-opus-4-8.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"},"audio_input":{"value":false,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/anthropic/models/claude-opus-4-8.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"}},"request_features":{"output_format":{"value":true,"evidence":"docs","source":"https://platform.claude.com/docs/en/build-with-claude/structured-outputs","date":"2026-12-01","note":"the structured-outputs page lists it among the models with output_config.format"}},"source":"https://github.com/anomalyco/models.dev/blob/dev/providers/anthropic/models/claude-opus-4-8.toml","note":"From the 4.6 generation on, every Claude id is a pinned snapshot, dateless ones included."},
{"id":"claude-opus-4-7","name":"Claude Opus 4.7","family":"claude","variant":"opus","version":"4.7","release_date":"2026-04-16","aliases":["claude-opus-4.7"],"limits":{"context":1000000,"output":128000},"capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/anthropic/models/claude-opus-4-7.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"},"image_input":{"value":true,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/anthropic/models/claude-opus-4-7.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/anthropic/models/claude-opus-4-7.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"},"audio_input":{"value":false,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/anthropic/models/claude-opus-4-7.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"}},"request_features":{"output_format":{"value":true,"evidence":"docs","source":"https://platform.claude.com/docs/en/build-with-claude/structured-outputs","date":"2026-12-01","note":"the structured-outputs page lists it among the models with output_config.format"}},"source":"https://github.com/anomalyco/models.dev/blob/dev/providers/anthropic/models/claude-opus-4-7.toml","note":"From the 4.6 generation on, every Claude id is a pinned snapshot, dateless ones included."},
{"id":"claude-opus-4-6","name":"Claude Opus 4.6","family":"claude","variant":"opus","version":"4.6","release_date":"2026-02-05","aliases":["claude-opus-4.6"],"limits":{"context":1000000,"output":128000},"capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/anthropic/models/claude-opus-4-6.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"},"image_input":{"value":true,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/anthropic/models/claude-opus-4-6.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/anthropic/models/claude-opus-4-6.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"},"audio_input":{"value":false,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/anthropic/models/claude-opus-4-6.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"}},"request_features":{"output_format":{"value":true,"evidence":"docs","source":"https://platform.claude.com/docs/en/build-with-claude/structured-outputs","date":"2026-12-01","note":"the structured-outputs page lists it among the models with output_config.format"}},"source":"https://github.com/anomalyco/models.dev/blob/dev/providers/anthropic/models/claude-opus-4-6.toml","note":"From the 4.6 generation on, every Claude id is a pinned snapshot, dateless ones included."},
{"id":"claude-sonnet-4-6","name":"Claude Sonnet 4.6","family":"claude","variant":"sonnet","version":"4.6","release_date":"2026-02-17","aliases":["claude-sonnet-4.6"],"limits":{"context":1000000,"output":64000},"capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/anthropic/models/claude-sonnet-4-6.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"},"image_input":{"value":true,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/anthropic/models/claude-sonnet-4-6.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/anthropic/models/claude-sonnet-4-6.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"},"audio_input":{"value":false,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/anthropic/models/claude-sonnet-4-6.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"}},"request_features":{"output_format":{"value":true,"evidence":"docs","source":"https://platform.claude.com/docs/en/build-with-claude/structured-outputs","date":"2026-12-01","note":"the structured-outputs page lists it among the models with output_config.format"}},"source":"https://github.com/anomalyco/models.dev/blob/dev/providers/anthropic/models/claude-sonnet-4-6.toml","note":"From the 4.6 generation on, every Claude id is a pinned snapshot, dateless ones included."},
{"id":"claude-opus-4-5","name":"Claude Opus 4.5","family":"claude","variant":"opus","version":"4.5","release_date":"2025-11-24","aliases":["claude-opus-4.5"],"snapshots":["claude-opus-4-5-20251101"],"limits":{"context":200000,"output":64000},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/overview","date":"2026-11-29"},"image_input":{"value":true,"evidence":"docs","source":"https://docs.anthropic.com/en/docs/build-with-claude/vision","date":"2026-11-29"},"pdf_input":{"value":true,"evidence":"docs","source":"https://docs.anthropic.com/en/docs/build-with-claude/pdf-support","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://docs.anthropic.com/en/docs/about-claude/models/overview","date":"2026-11-29"}},"request_features":{"output_format":{"value":true,"evidence":"docs","source":"https://platform.claude.com/docs/en/build-with-claude/structured-outputs","date":"2026-12-01","note":"the structured-outputs page lists it among the models with output_config.format"}},"source":"https://docs.anthropic.com/en/docs/about-claude/models/overview"},
{"id":"claude-sonnet-4-5","name":"Claude Sonnet 4.5","family":"claude","variant":"sonnet","version":"4.5","release_date":"2025-09-29","aliases":["claude-sonnet-4.5"],"snapshots":["claude-sonnet-4-5-20250929"],"limits":{"context":200000,"output":64000},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/overview","date":"2026-11-29"},"image_input":{"value":true,"evidence":"docs","source":"https://docs.anthropic.com/en/docs/build-with-claude/vision","date":"2026-11-29"},"pdf_input":{"value":true,"evidence":"docs","source":"https://docs.anthropic.com/en/docs/build-with-claude/pdf-support","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://docs.anthropic.com/en/docs/about-claude/models/overview","date":"2026-11-29"}},"request_features":{"output_format":{"value":true,"evidence":"docs","source":"https://platform.claude.com/docs/en/build-with-claude/structured-outputs","date":"2026-12-01","note":"the structured-outputs page lists it among the models with output_config.format"}},"source":"https://docs.anthropic.com/en/docs/about-claude/models/overview"},
{"id":"claude-haiku-4-5","name":"Claude Haiku 4.5","family":"claude","variant":"haiku","version":"4.5","release_date":"2025-10-15","aliases":["claude-haiku-4.5"],"snapshots":["claude-haiku-4-5-20251001"],"limits":{"context":200000,"output":64000},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/overview","date":"2026-11-29"},"image_input":{"value":true,"evidence":"docs","source":"https://docs.anthropic.com/en/docs/build-with-claude/vision","date":"2026-11-29"},"pdf_input":{"value":true,"evidence":"docs","source":"https://docs.anthropic.com/en/docs/build-with-claude/pdf-support","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://docs.anthropic.com/en/docs/about-claude/models/overview","date":"2026-11-29"}},"request_features":{"output_format":{"value":true,"evidence":"docs","source":"https://platform.claude.com/docs/en/build-with-claude/structured-outputs","date":"2026-12-01","note":"the structured-outputs page lists it among the models with output_config.format"}},"source":"https://docs.anthropic.com/en/docs/about-claude/models/overview"},
{"id":"claude-opus-4-1","name":"Claude Opus 4.1","family":"claude","variant":"opus","version":"4.1","release_date":"2025-08-05","aliases":["claude-opus-4.1"],"snapshots":["claude-opus-4-1-20250805"],"limits":{"context":200000,"output":32000},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/overview","date":"2026-11-29"},"image_input":{"value":true,"evidence":"docs","source":"https://docs.anthropic.com/en/docs/build-with-claude/vision","date":"2026-11-29"},"pdf_input":{"value":true,"evidence":"docs","source":"https://docs.anthropic.com/en/docs/build-with-claude/pdf-support","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://docs.anthropic.com/en/docs/about-claude/models/overview","date":"2026-11-29"}},"request_features":{"output_format":{"value":false,"evidence":"docs","source":"https://platform.claude.com/docs/en/build-with-claude/structured-outputs","date":"2026-12-01","note":"had the beta output_format only; the generally available output_config.format starts with the 4.5 generation"}},"source":"https://docs.anthropic.com/en/docs/about-claude/models/overview"},
{"id":"claude-opus-4","name":"Claude Opus 4","family":"claude","variant":"opus","version":"4","release_date":"2025-05-22","aliases":["claude-opus-4-0"],"snapshots":["claude-opus-4-20250514"],"limits":{"context":200000,"output":32000},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/overview","date":"2026-11-29"},"image_input":{"value":true,"evidence":"docs","source":"https://docs.anthropic.com/en/docs/build-with-claude/vision","date":"2026-11-29"},"pdf_input":{"value":true,"evidence":"docs","source":"https://docs.anthropic.com/en/docs/build-with-claude/pdf-support","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://docs.anthropic.com/en/docs/about-claude/models/overview","date":"2026-11-29"}},"request_features":{"output_format":{"value":false,"evidence":"docs","source":"https://platform.claude.com/docs/en/build-with-claude/structured-outputs","date":"2026-12-01","note":"not among the models the structured-outputs page lists: output_config.format is refused (\\"output_config.format: Extra inputs are not permitted\\", anomalyco/models.dev#1765)"}},"source":"https://docs.anthropic.com/en/docs/about-claude/models/overview"},
{"id":"claude-sonnet-4","name":"Claude Sonnet 4","family":"claude","variant":"sonnet","version":"4","release_date":"2025-05-22","aliases":["claude-sonnet-4-0"],"snapshots":["claude-sonnet-4-20250514"],"limits":{"context":200000,"output":64000},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/overview","date":"2026-11-29"},"image_input":{"value":true,"evidence":"docs","source":"https://docs.anthropic.com/en/docs/build-with-claude/vision","date":"2026-11-29"},"pdf_input":{"value":true,"evidence":"docs","source":"https://docs.anthropic.com/en/docs/build-with-claude/pdf-support","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://docs.anthropic.com/en/docs/about-claude/models/overview","date":"2026-11-29"}},"request_features":{"output_format":{"value":false,"evidence":"docs","source":"https://platform.claude.com/docs/en/build-with-claude/structured-outputs","date":"2026-12-01","note":"not among the models the structured-outputs page lists: output_config.format is refused (\\"output_config.format: Extra inputs are not permitted\\", anomalyco/models.dev#1765)"}},"source":"https://docs.anthropic.com/en/docs/about-claude/models/overview"},
{"id":"claude-3-7-sonnet","name":"Claude Sonnet 3.7","family":"claude","variant":"sonnet","version":"3.7","release_date":"2025-02-24","aliases":["claude-3.7-sonnet"],"snapshots":["claude-3-7-sonnet-20250219"],"limits":{"context":200000,"output":64000},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/overview","date":"2026-11-29"},"image_input":{"value":true,"evidence":"docs","source":"https://docs.anthropic.com/en/docs/build-with-claude/vision","date":"2026-11-29"},"pdf_input":{"value":true,"evidence":"docs","source":"https://docs.anthropic.com/en/docs/build-with-claude/pdf-support","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://docs.anthropic.com/en/docs/about-claude/models/overview","date":"2026-11-29"}},"request_features":{"output_format":{"value":false,"evidence":"docs","source":"https://platform.claude.com/docs/en/build-with-claude/structured-outputs","date":"2026-12-01","note":"not among the models the structured-outputs page lists: output_config.format is refused (\\"output_config.format: Extra inputs are not permitted\\", anomalyco/models.dev#1765)"}},"source":"https://docs.anthropic.com/en/docs/about-claude/models/overview"},
{"id":"claude-3-haiku","name":"Claude Haiku 3","family":"claude","variant":"haiku","version":"3","release_date":"2024-03-13","snapshots":["claude-3-haiku-20240307"],"limits":{"context":200000,"output":4096},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/overview","date":"2026-12-01"},"image_input":{"value":true,"evidence":"docs","source":"https://docs.anthropic.com/en/docs/build-with-claude/vision","date":"2026-12-01"},"pdf_input":{"value":"unknown","note":"Anthropic's PDF page says \\"all active models\\"; Haiku 3 was retired on 2026-04-20 and earlier lists of PDF models did not name it; models.dev disagrees with itself (anthropic: pdf, openrouter: no pdf)"},"audio_input":{"value":false,"evidence":"docs","source":"https://docs.anthropic.com/en/docs/build-with-claude/vision","date":"2026-12-01"}},"request_features":{"output_format":{"value":false,"evidence":"docs","source":"https://platform.claude.com/docs/en/build-with-claude/structured-outputs","date":"2026-12-01","note":"not among the models the structured-outputs page lists: output_config.format is refused (\\"output_config.format: Extra inputs are not permitted\\", anomalyco/models.dev#1765)"}},"source":"https://platform.claude.com/docs/en/about-claude/model-deprecations","note":"Retired by Anthropic on 2026-04-20 (replacement claude-haiku-4-5)."},
{"id":"claude-fable-5-1","name":"Claude Fable 5.1","family":"claude","variant":"fable","version":"5.1","aliases":["claude-fable-5.1"],"limits":{"context":1000000,"output":128000},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://platform.claude.com/docs/en/about-claude/models/overview","date":"2026-12-01","note":"the models overview: \\"All current models support text and image input, text output, multilingual capabilities, vision, and tool use\\""},"image_input":{"value":true,"evidence":"docs","source":"https://platform.claude.com/docs/en/about-claude/models/overview","date":"2026-12-01","note":"the models overview: \\"All current models support text and image input, text output, multilingual capabilities, vision, and tool use\\""},"pdf_input":{"value":true,"evidence":"inferred","source":"https://platform.claude.com/docs/en/build-with-claude/pdf-support","date":"2026-12-01","note":"Anthropic reads PDFs on every current Claude model (PDF support page); the 5.x model pages do not repeat it"},"audio_input":{"value":false,"evidence":"docs","source":"https://platform.claude.com/docs/en/about-claude/models/overview","date":"2026-12-01","note":"input is text and images only"}},"request_features":{"output_format":{"value":false,"evidence":"docs","source":"https://platform.claude.com/docs/en/build-with-claude/structured-outputs","date":"2026-12-01","note":"Fable models are not among the models the structured-outputs page lists"},"forced_tool_choice":{"value":false,"evidence":"docs","source":"https://platform.claude.com/docs/en/models/fable-5-1/whats-new-fable-5-1#forced-tool-use-is-not-supported","date":"2026-12-01","note":"forced tool use returns an error: \\"tool_choice: type \\\\\\"tool\\\\\\" and \\\\\\"any\\\\\\" are not supported for this model.\\" (anthropics/claude-cookbooks#854)"}},"source":"https://platform.claude.com/docs/en/models/fable-5-1/overview"},
{"id":"claude-opus-5-5","name":"Claude Opus 5.5","family":"claude","variant":"opus","version":"5.5","aliases":["claude-opus-5.5"],"limits":{"context":1000000,"output":128000},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://platform.claude.com/docs/en/about-claude/models/overview","date":"2026-12-01","note":"the models overview: \\"All current models support text and image input, text output, multilingual capabilities, vision, and tool use\\""},"image_input":{"value":true,"evidence":"docs","source":"https://platform.claude.com/docs/en/about-claude/models/overview","date":"2026-12-01","note":"the models overview: \\"All current models support text and image input, text output, multilingual capabilities, vision, and tool use\\""},"pdf_input":{"value":true,"evidence":"inferred","source":"https://platform.claude.com/docs/en/build-with-claude/pdf-support","date":"2026-12-01","note":"Anthropic reads PDFs on every current Claude model (PDF support page); the 5.x model pages do not repeat it"},"audio_input":{"value":false,"evidence":"docs","source":"https://platform.claude.com/docs/en/about-claude/models/overview","date":"2026-12-01","note":"input is text and images only"}},"request_features":{"output_format":{"value":true,"evidence":"inferred","source":"https://platform.claude.com/docs/en/build-with-claude/structured-outputs","date":"2026-12-01","note":"every Claude model since the 4.5 generation takes output_config.format; the 5.5 pages do not repeat it"}},"source":"https://platform.claude.com/docs/en/models/opus-5-5/overview"},
{"id":"claude-sonnet-5-5","name":"Claude Sonnet 5.5","family":"claude","variant":"sonnet","version":"5.5","aliases":["claude-sonnet-5.5"],"limits":{"context":1000000,"output":128000},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://platform.claude.com/docs/en/about-claude/models/overview","date":"2026-12-01","note":"the models overview: \\"All current models support text and image input, text output, multilingual capabilities, vision, and tool use\\""},"image_input":{"value":true,"evidence":"docs","source":"https://platform.claude.com/docs/en/about-claude/models/overview","date":"2026-12-01","note":"the models overview: \\"All current models support text and image input, text output, multilingual capabilities, vision, and tool use\\""},"pdf_input":{"value":true,"evidence":"inferred","source":"https://platform.claude.com/docs/en/build-with-claude/pdf-support","date":"2026-12-01","note":"Anthropic reads PDFs on every current Claude model (PDF support page); the 5.x model pages do not repeat it"},"audio_input":{"value":false,"evidence":"docs","source":"https://platform.claude.com/docs/en/about-claude/models/overview","date":"2026-12-01","note":"input is text and images only"}},"request_features":{"output_format":{"value":true,"evidence":"inferred","source":"https://platform.claude.com/docs/en/build-with-claude/structured-outputs","date":"2026-12-01","note":"every Claude model since the 4.5 generation takes output_config.format; the 5.5 pages do not repeat it"}},"source":"https://platform.claude.com/docs/en/models/sonnet-5-5/overview"},
{"id":"claude-haiku-5-5","name":"Claude Haiku 5.5","family":"claude","variant":"haiku","version":"5.5","aliases":["claude-haiku-5.5"],"limits":{"context":1000000,"output":128000},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://platform.claude.com/docs/en/about-claude/models/overview","date":"2026-12-01","note":"the models overview: \\"All current models support text and image input, text output, multilingual capabilities, vision, and tool use\\""},"image_input":{"value":true,"evidence":"docs","source":"https://platform.claude.com/docs/en/about-claude/models/overview","date":"2026-12-01","note":"the models overview: \\"All current models support text and image input, text output, multilingual capabilities, vision, and tool use\\""},"pdf_input":{"value":true,"evidence":"inferred","source":"https://platform.claude.com/docs/en/build-with-claude/pdf-support","date":"2026-12-01","note":"Anthropic reads PDFs on every current Claude model (PDF support page); the 5.x model pages do not repeat it"},"audio_input":{"value":false,"evidence":"docs","source":"https://platform.claude.com/docs/en/about-claude/models/overview","date":"2026-12-01","note":"input is text and images only"}},"request_features":{"output_format":{"value":true,"evidence":"inferred","source":"https://platform.claude.com/docs/en/build-with-claude/structured-outputs","date":"2026-12-01","note":"every Claude model since the 4.5 generation takes output_config.format; the 5.5 pages do not repeat it"}},"source":"https://platform.claude.com/docs/en/models/haiku-5-5/overview"},
{"id":"claude-opus-5","name":"Claude Opus 5","family":"claude","variant":"opus","version":"5","release_date":"2026-07-24","limits":{"context":1000000,"output":128000},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://platform.claude.com/docs/en/about-claude/models/overview","date":"2026-12-01","note":"the models overview: \\"All current models support text and image input, text output, multilingual capabilities, vision, and tool use\\""},"image_input":{"value":true,"evidence":"docs","source":"https://platform.claude.com/docs/en/about-claude/models/overview","date":"2026-12-01","note":"the models overview: \\"All current models support text and image input, text output, multilingual capabilities, vision, and tool use\\""},"pdf_input":{"value":true,"evidence":"inferred","source":"https://platform.claude.com/docs/en/build-with-claude/pdf-support","date":"2026-12-01","note":"Anthropic reads PDFs on every current Claude model (PDF support page); the 5.x model pages do not repeat it"},"audio_input":{"value":false,"evidence":"docs","source":"https://platform.claude.com/docs/en/about-claude/models/overview","date":"2026-12-01","note":"input is text and images only"}},"source":"https://platform.claude.com/docs/en/models/opus-5/overview"},
{"id":"claude-sonnet-5","name":"Claude Sonnet 5","family":"claude","variant":"sonnet","version":"5","release_date":"2026-06-30","limits":{"context":1000000,"output":128000},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://platform.claude.com/docs/en/about-claude/models/overview","date":"2026-12-01","note":"the models overview: \\"All current models support text and image input, text output, multilingual capabilities, vision, and tool use\\""},"image_input":{"value":true,"evidence":"docs","source":"https://platform.claude.com/docs/en/about-claude/models/overview","date":"2026-12-01","note":"the models overview: \\"All current models support text and image input, text output, multilingual capabilities, vision, and tool use\\""},"pdf_input":{"value":true,"evidence":"inferred","source":"https://platform.claude.com/docs/en/build-with-claude/pdf-support","date":"2026-12-01","note":"Anthropic reads PDFs on every current Claude model (PDF support page); the 5.x model pages do not repeat it"},"audio_input":{"value":false,"evidence":"docs","source":"https://platform.claude.com/docs/en/about-claude/models/overview","date":"2026-12-01","note":"input is text and images only"}},"source":"https://platform.claude.com/docs/en/models/sonnet-5/overview"},
{"id":"claude-fable-5","name":"Claude Fable 5","family":"claude","variant":"fable","version":"5","release_date":"2026-06-09","limits":{"context":1000000,"output":128000},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://platform.claude.com/docs/en/about-claude/models/overview","date":"2026-12-01","note":"the models overview: \\"All current models support text and image input, text output, multilingual capabilities, vision, and tool use\\""},"image_input":{"value":true,"evidence":"docs","source":"https://platform.claude.com/docs/en/about-claude/models/overview","date":"2026-12-01","note":"the models overview: \\"All current models support text and image input, text output, multilingual capabilities, vision, and tool use\\""},"pdf_input":{"value":true,"evidence":"inferred","source":"https://platform.claude.com/docs/en/build-with-claude/pdf-support","date":"2026-12-01","note":"Anthropic reads PDFs on every current Claude model (PDF support page); the 5.x model pages do not repeat it"},"audio_input":{"value":false,"evidence":"docs","source":"https://platform.claude.com/docs/en/about-claude/models/overview","date":"2026-12-01","note":"input is text and images only"}},"source":"https://platform.claude.com/docs/en/models/fable-5/overview"},
{"id":"claude-fable-5-2","name":"Claude Fable 5.2","family":"claude","variant":"fable","version":"5.2","aliases":["claude-fable-5.2"],"limits":{"context":1000000,"output":128000},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://platform.claude.com/docs/en/about-claude/models/overview","date":"2026-12-01","note":"the models overview: \\"All current models support text and image input, text output, multilingual capabilities, vision, and tool use\\""},"image_input":{"value":true,"evidence":"docs","source":"https://platform.claude.com/docs/en/about-claude/models/overview","date":"2026-12-01","note":"the models overview: \\"All current models support text and image input, text output, multilingual capabilities, vision, and tool use\\""},"pdf_input":{"value":true,"evidence":"inferred","source":"https://platform.claude.com/docs/en/build-with-claude/pdf-support","date":"2026-12-01","note":"Anthropic reads PDFs on every current Claude model (PDF support page); the 5.x model pages do not repeat it"},"audio_input":{"value":false,"evidence":"docs","source":"https://platform.claude.com/docs/en/about-claude/models/overview","date":"2026-12-01","note":"input is text and images only"}},"source":"https://platform.claude.com/docs/en/about-claude/models/overview"}
]
}
},
{
"kind":"lab",
"file":"data/models/deepseek.json",
"data":{
"lab":"deepseek",
"name":"DeepSeek",
"models":[
{"id":"deepseek-v4-pro","name":"DeepSeek-V4-Pro","family":"deepseek","variant":"pro","version":"4","release_date":"2026-04-24","limits":{"context":1000000,"output":384000},"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://api-docs.deepseek.com/guides/function_calling","date":"2026-12-01"},"image_input":{"value":false,"evidence":"docs","source":"https://api-docs.deepseek.com/quick_start/pricing","date":"2026-12-01"},"pdf_input":{"value":false,"evidence":"docs","source":"https://api-docs.deepseek.com/quick_start/pricing","date":"2026-12-01"},"audio_input":{"value":false,"evidence":"docs","source":"https://api-docs.deepseek.com/quick_start/pricing","date":"2026-12-01"}},"source":"https://api-docs.deepseek.com/quick_start/pricing"},
{"id":"deepseek-v4-flash","name":"DeepSeek-V4-Flash","family":"deepseek","variant":"flash","version":"4","release_date":"2026-04-24","limits":{"context":1000000,"output":384000},"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://api-docs.deepseek.com/guides/function_calling","date":"2026-12-01"},"image_input":{"value":false,"evidence":"docs","source":"https://api-docs.deepseek.com/quick_start/pricing","date":"2026-12-01"},"pdf_input":{"value":false,"evidence":"docs","source":"https://api-docs.deepseek.com/quick_start/pricing","date":"2026-12-01"},"audio_input":{"value":false,"evidence":"docs","source":"https://api-docs.deepseek.com/quick_start/pricing","date":"2026-12-01"}},"source":"https://api-docs.deepseek.com/quick_start/pricing"},
{"id":"deepseek-chat","name":"DeepSeek-V3.2 (non-thinking)","family":"deepseek","variant":"chat","version":"3.2","limits":{"context":131072,"output":8192},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://api-docs.deepseek.com/guides/function_calling","date":"2026-11-29"},"image_input":{"value":false,"evidence":"docs","source":"https://api-docs.deepseek.com/quick_start/pricing","date":"2026-11-29"},"pdf_input":{"value":false,"evidence":"docs","source":"https://api-docs.deepseek.com/quick_start/pricing","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://api-docs.deepseek.com/quick_start/pricing","date":"2026-11-29"}},"source":"https://api-docs.deepseek.com/quick_start/pricing","note":"deepseek-chat follows DeepSeek's current release; these facts were checked for V3.2."},
{"id":"deepseek-reasoner","name":"DeepSeek-V3.2 (thinking)","family":"deepseek","variant":"reasoner","version":"3.2","limits":{"context":131072,"output":65536},"capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://api-docs.deepseek.com/guides/function_calling","date":"2026-11-29","note":"tool calls in thinking mode since V3.2"},"image_input":{"value":false,"evidence":"docs","source":"https://api-docs.deepseek.com/quick_start/pricing","date":"2026-11-29"},"pdf_input":{"value":false,"evidence":"docs","source":"https://api-docs.deepseek.com/quick_start/pricing","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://api-docs.deepseek.com/quick_start/pricing","date":"2026-11-29"}},"source":"https://api-docs.deepseek.com/quick_start/pricing"},
{"id":"deepseek-v3.1","name":"DeepSeek-V3.1","family":"deepseek","version":"3.1","release_date":"2025-08-21","limits":{"context":131072},"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://huggingface.co/deepseek-ai/DeepSeek-V3.1","date":"2026-11-29"},"image_input":{"value":false,"evidence":"docs","source":"https://huggingface.co/deepseek-ai/DeepSeek-V3.1","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://huggingface.co/deepseek-ai/DeepSeek-V3.1","date":"2026-11-29"}},"source":"https://huggingface.co/deepseek-ai/DeepSeek-V3.1"},
{"id":"deepseek-r1-0528","name":"DeepSeek-R1-0528","family":"deepseek-r1","variant":"671b","release_date":"2025-05-28","limits":{"context":163840},"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://ollama.com/library/deepseek-r1","date":"2026-11-29","note":"the Ollama library page lists tools and thinking; function calling since the 0528 update"},"image_input":{"value":false,"evidence":"docs","source":"https://ollama.com/library/deepseek-r1","date":"2026-11-29","note":"text only: the library page lists no vision capability"},"pdf_input":{"value":false,"evidence":"inferred","source":"https://ollama.com/library/deepseek-r1","date":"2026-11-29","note":"a text model; no document input documented"},"audio_input":{"value":false,"evidence":"inferred","source":"https://ollama.com/library/deepseek-r1","date":"2026-11-29","note":"a text model"}},"source":"https://huggingface.co/deepseek-ai/DeepSeek-R1-0528","note":"The 160K context is the Ollama library page's figure for deepseek-r1:671b."},
{"id":"deepseek-r1-0528-qwen3-8b","name":"DeepSeek-R1-0528-Qwen3-8B","family":"deepseek-r1","variant":"8b","release_date":"2025-05-28","limits":{"context":131072},"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://ollama.com/library/deepseek-r1","date":"2026-11-29","note":"the Ollama library page lists tools and thinking for the family"},"image_input":{"value":false,"evidence":"docs","source":"https://ollama.com/library/deepseek-r1","date":"2026-11-29","note":"text only: the library page lists no vision capability"},"pdf_input":{"value":false,"evidence":"inferred","source":"https://ollama.com/library/deepseek-r1","date":"2026-11-29","note":"a local text model; no document input documented"},"audio_input":{"value":false,"evidence":"inferred","source":"https://ollama.com/library/deepseek-r1","date":"2026-11-29","note":"a text model"}},"source":"https://huggingface.co/deepseek-ai/DeepSeek-R1-0528-Qwen3-8B","note":"The distill of DeepSeek-R1-0528 into Qwen3 8B; Ollama's deepseek-r1 (deepseek-r1:8b, :latest)."},
{"id":"deepseek-flash","name":"DeepSeek-V4.1-Flash","family":"deepseek","variant":"flash","version":"4.1","limits":{"context":1000000,"output":384000},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://api-docs.deepseek.com/quick_start/pricing","date":"2026-12-01","note":"the pricing page's model table: Tool Calls supported"},"image_input":{"value":true,"evidence":"docs","source":"https://api-docs.deepseek.com/quick_start/pricing","date":"2026-12-01","note":"the pricing page's model table: image understanding supported for deepseek-flash (not for deepseek-v4-pro)"}},"source":"https://api-docs.deepseek.com/quick_start/pricing"}
]
}
},
{
"kind":"lab",
"file":"data/models/google.json",
"data":{
"lab":"google",
"name":"Google",
"families":[
{"family":"gemini","templates":["gemini-{version}-{variant}"],"exclude_tokens":["tts","image","embedding","audio","live","native","lyria","veo","imagen"],"capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://ai.google.dev/gemini-api/docs/function-calling","date":"2026-11-29"},"image_input":{"value":true,"evidence":"inferred","source":"https://ai.google.dev/gemini-api/docs/image-understanding","date":"2026-11-29"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://ai.google.dev/gemini-api/docs/document-processing","date":"2026-11-29"},"audio_input":{"value":true,"evidence":"inferred","source":"https://ai.google.dev/gemini-api/docs/audio","date":"2026-11-29"}},"request_features":{"output_format":[{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/structured-output","date":"2026-12-01","note":"responseJsonSchema from Gemini 2.5 on","when":{"version":">=2.5"}},{"value":false,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/structured-output","date":"2026-12-01","note":"before Gemini 2.5: the responseSchema subset","when":{"version":"<2.5"}}],"json_with_tools":[{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/structured-output","date":"2026-12-01","note":"Gemini 3 combines structured output with function calling","when":{"version":">=3"}},{"value":false,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/structured-output","date":"2026-12-01","note":"function calling with responseMimeType application/json is refused before Gemini 3 (symfony/ai#1777)","when":{"version":"<3"}}]},"source":"https://ai.google.dev/gemini-api/docs/models","note":"Every Gemini model takes images, PDFs and audio; an unlisted version (gemini-3.6-flash) inherits these as inferred facts, and the gemini provider's version ranges apply to it."}
],
"models":[
{"id":"gemini-2.0-flash","name":"Gemini 2.0 Flash","family":"gemini","variant":"flash","version":"2.0","release_date":"2025-02-05","snapshots":["gemini-2.0-flash-001"],"limits":{"context":1048576,"output":8192},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/function-calling","date":"2026-11-29"},"image_input":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/image-understanding","date":"2026-11-29"},"pdf_input":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/document-processing","date":"2026-11-29"},"audio_input":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/audio","date":"2026-11-29"}},"request_features":{"output_format":{"value":false,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/structured-output","date":"2026-12-01","note":"responseJsonSchema needs Gemini 2.5 or later; 2.0 takes the responseSchema subset"},"json_with_tools":{"value":false,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/structured-output","date":"2026-12-01","note":"function calling with responseMimeType application/json is refused before Gemini 3 (\\"Function calling with a response mime type: 'application/json' is unsupported\\", symfony/ai#1777)"}},"source":"https://ai.google.dev/gemini-api/docs/models"},
{"id":"gemini-2.5-pro","name":"Gemini 2.5 Pro","family":"gemini","variant":"pro","version":"2.5","release_date":"2025-06-17","limits":{"context":1048576,"output":65536},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/function-calling","date":"2026-11-29"},"image_input":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/image-understanding","date":"2026-11-29"},"pdf_input":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/document-processing","date":"2026-11-29"},"audio_input":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/audio","date":"2026-11-29"}},"request_features":{"output_format":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/structured-output","date":"2026-12-01","note":"responseJsonSchema from Gemini 2.5 on"},"json_with_tools":{"value":false,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/structured-output","date":"2026-12-01","note":"function calling with responseMimeType application/json is refused before Gemini 3 (\\"Function calling with a response mime type: 'application/json' is unsupported\\", symfony/ai#1777, google/adk-python#5735)"}},"source":"https://ai.google.dev/gemini-api/docs/models"},
{"id":"gemini-2.5-flash","name":"Gemini 2.5 Flash","family":"gemini","variant":"flash","version":"2.5","release_date":"2025-06-17","limits":{"context":1048576,"output":65536},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/function-calling","date":"2026-11-29"},"image_input":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/image-understanding","date":"2026-11-29"},"pdf_input":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/document-processing","date":"2026-11-29"},"audio_input":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/audio","date":"2026-11-29"}},"request_features":{"output_format":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/structured-output","date":"2026-12-01","note":"responseJsonSchema from Gemini 2.5 on"},"json_with_tools":{"value":false,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/structured-output","date":"2026-12-01","note":"function calling with responseMimeType application/json is refused before Gemini 3 (\\"Function calling with a response mime type: 'application/json' is unsupported\\", symfony/ai#1777, google/adk-python#5735)"}},"source":"https://ai.google.dev/gemini-api/docs/models"},
{"id":"gemini-2.5-flash-lite","name":"Gemini 2.5 Flash-Lite","family":"gemini","variant":"flash-lite","version":"2.5","release_date":"2025-07-22","limits":{"context":1048576,"output":65536},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/function-calling","date":"2026-11-29"},"image_input":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/image-understanding","date":"2026-11-29"},"pdf_input":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/document-processing","date":"2026-11-29"},"audio_input":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/audio","date":"2026-11-29"}},"request_features":{"output_format":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/structured-output","date":"2026-12-01","note":"responseJsonSchema from Gemini 2.5 on"},"json_with_tools":{"value":false,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/structured-output","date":"2026-12-01","note":"function calling with responseMimeType application/json is refused before Gemini 3 (\\"Function calling with a response mime type: 'application/json' is unsupported\\", symfony/ai#1777, google/adk-python#5735)"}},"source":"https://ai.google.dev/gemini-api/docs/models"},
{"id":"gemini-3-pro-preview","name":"Gemini 3 Pro (preview)","family":"gemini","variant":"pro","version":"3","release_date":"2025-11-18","limits":{"context":1048576,"output":65536},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/function-calling","date":"2026-11-29"},"image_input":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/image-understanding","date":"2026-11-29"},"pdf_input":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/document-processing","date":"2026-11-29"},"audio_input":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/audio","date":"2026-11-29"}},"request_features":{"output_format":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/structured-output","date":"2026-12-01","note":"responseJsonSchema from Gemini 2.5 on"},"json_with_tools":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/structured-output","date":"2026-12-01","note":"Gemini 3 combines structured output with function calling"}},"source":"https://ai.google.dev/gemini-api/docs/models"},
{"id":"gemini-3-flash-preview","name":"Gemini 3 Flash (preview)","family":"gemini","variant":"flash","version":"3","release_date":"2025-12-17","limits":{"context":1048576,"output":65536},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/function-calling","date":"2026-11-29"},"image_input":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/image-understanding","date":"2026-11-29"},"pdf_input":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/document-processing","date":"2026-11-29"},"audio_input":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/audio","date":"2026-11-29"}},"request_features":{"output_format":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/structured-output","date":"2026-12-01","note":"responseJsonSchema from Gemini 2.5 on"},"json_with_tools":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/structured-output","date":"2026-12-01","note":"Gemini 3 combines structured output with function calling"}},"source":"https://ai.google.dev/gemini-api/docs/models"},
{"id":"gemini-3.1-pro-preview","name":"Gemini 3.1 Pro (preview)","family":"gemini","variant":"pro","version":"3.1","release_date":"2026-02-19","limits":{"context":1048576,"output":65536},"capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/google/models/gemini-3.1-pro-preview.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"},"image_input":{"value":true,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/google/models/gemini-3.1-pro-preview.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/google/models/gemini-3.1-pro-preview.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"},"audio_input":{"value":true,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/google/models/gemini-3.1-pro-preview.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"}},"request_features":{"output_format":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/structured-output","date":"2026-12-01","note":"responseJsonSchema from Gemini 2.5 on"},"json_with_tools":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/structured-output","date":"2026-12-01","note":"Gemini 3 combines structured output with function calling"}},"source":"https://github.com/anomalyco/models.dev/blob/dev/providers/google/models/gemini-3.1-pro-preview.toml"},
{"id":"gemini-3.5-flash","name":"Gemini 3.5 Flash","family":"gemini","variant":"flash","version":"3.5","release_date":"2026-05-19","limits":{"context":1048576,"output":65536},"capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/google/models/gemini-3.5-flash.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"},"image_input":{"value":true,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/google/models/gemini-3.5-flash.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/google/models/gemini-3.5-flash.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"},"audio_input":{"value":true,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/google/models/gemini-3.5-flash.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"}},"request_features":{"output_format":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/structured-output","date":"2026-12-01","note":"responseJsonSchema from Gemini 2.5 on"},"json_with_tools":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/structured-output","date":"2026-12-01","note":"Gemini 3 combines structured output with function calling"}},"source":"https://github.com/anomalyco/models.dev/blob/dev/providers/google/models/gemini-3.5-flash.toml"},
{"id":"gemma-3-27b-it","name":"Gemma 3 27B","family":"gemma","variant":"27b","version":"3","release_date":"2025-03-12","aliases":["gemma-3-27b","google/gemma-3-27b-it"],"limits":{"context":131072,"output":8192},"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://ai.google.dev/gemma/docs/capabilities/function-calling","date":"2026-11-29","note":"by prompt; servers with a tool parser expose it natively"},"image_input":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemma/docs/core","date":"2026-11-29"},"pdf_input":{"value":false,"evidence":"inferred","source":"https://ai.google.dev/gemma/docs/core","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://ai.google.dev/gemma/docs/core","date":"2026-11-29"}},"source":"https://ai.google.dev/gemma/docs/core"},
{"id":"gemini-3.8-flash","name":"Gemini 3.8 Flash","family":"gemini","variant":"flash","version":"3.8","release_date":"2026-09-02","limits":{"context":1048576,"output":65536},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://docs.cloud.google.com/gemini-enterprise-agent-platform/models/guides/gemini-3-8-flash","date":"2026-12-01","note":"Google's Gemini 3.8 Flash developer guide compares 3.8 Flash and 3.7 Flash: input types text, image, audio, video; function calling"},"image_input":{"value":true,"evidence":"docs","source":"https://docs.cloud.google.com/gemini-enterprise-agent-platform/models/guides/gemini-3-8-flash","date":"2026-12-01","note":"Google's Gemini 3.8 Flash developer guide compares 3.8 Flash and 3.7 Flash: input types text, image, audio, video; function calling"},"pdf_input":{"value":true,"evidence":"docs","source":"https://docs.cloud.google.com/gemini-enterprise-agent-platform/models/guides/gemini-3-8-flash","date":"2026-12-01","note":"Google's Gemini 3.8 Flash developer guide compares 3.8 Flash and 3.7 Flash: input types text, image, audio, video; function calling"},"audio_input":{"value":true,"evidence":"docs","source":"https://docs.cloud.google.com/gemini-enterprise-agent-platform/models/guides/gemini-3-8-flash","date":"2026-12-01","note":"Google's Gemini 3.8 Flash developer guide compares 3.8 Flash and 3.7 Flash: input types text, image, audio, video; function calling"}},"request_features":{"output_format":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/structured-output","date":"2026-12-01","note":"responseJsonSchema from Gemini 2.5 on"},"json_with_tools":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/structured-output","date":"2026-12-01","note":"Gemini 3 combines structured output with function calling"}},"source":"https://ai.google.dev/gemini-api/docs/deprecations"},
{"id":"gemini-3.7-flash","name":"Gemini 3.7 Flash","family":"gemini","variant":"flash","version":"3.7","release_date":"2026-08-13","limits":{"context":1048576,"output":65536},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://docs.cloud.google.com/gemini-enterprise-agent-platform/models/guides/gemini-3-8-flash","date":"2026-12-01","note":"Google's Gemini 3.8 Flash developer guide compares 3.8 Flash and 3.7 Flash: input types text, image, audio, video; function calling"},"image_input":{"value":true,"evidence":"docs","source":"https://docs.cloud.google.com/gemini-enterprise-agent-platform/models/guides/gemini-3-8-flash","date":"2026-12-01","note":"Google's Gemini 3.8 Flash developer guide compares 3.8 Flash and 3.7 Flash: input types text, image, audio, video; function calling"},"pdf_input":{"value":true,"evidence":"docs","source":"https://docs.cloud.google.com/gemini-enterprise-agent-platform/models/guides/gemini-3-8-flash","date":"2026-12-01","note":"Google's Gemini 3.8 Flash developer guide compares 3.8 Flash and 3.7 Flash: input types text, image, audio, video; function calling"},"audio_input":{"value":true,"evidence":"docs","source":"https://docs.cloud.google.com/gemini-enterprise-agent-platform/models/guides/gemini-3-8-flash","date":"2026-12-01","note":"Google's Gemini 3.8 Flash developer guide compares 3.8 Flash and 3.7 Flash: input types text, image, audio, video; function calling"}},"request_features":{"output_format":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/structured-output","date":"2026-12-01","note":"responseJsonSchema from Gemini 2.5 on"},"json_with_tools":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/structured-output","date":"2026-12-01","note":"Gemini 3 combines structured output with function calling"}},"source":"https://ai.google.dev/gemini-api/docs/deprecations"},
{"id":"gemini-3.6-flash","name":"Gemini 3.6 Flash","family":"gemini","variant":"flash","version":"3.6","release_date":"2026-07-21","limits":{"context":1048576,"output":65536},"capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://ai.google.dev/gemini-api/docs/deprecations","date":"2026-12-01","note":"the deprecations page lists the model (no shutdown date); its modalities are inferred from the Gemini 3 Flash line (3.5 Flash, 3.7 Flash, 3.8 Flash take text, image, audio, video)"},"image_input":{"value":true,"evidence":"inferred","source":"https://ai.google.dev/gemini-api/docs/deprecations","date":"2026-12-01","note":"the deprecations page lists the model (no shutdown date); its modalities are inferred from the Gemini 3 Flash line (3.5 Flash, 3.7 Flash, 3.8 Flash take text, image, audio, video)"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://ai.google.dev/gemini-api/docs/deprecations","date":"2026-12-01","note":"the deprecations page lists the model (no shutdown date); its modalities are inferred from the Gemini 3 Flash line (3.5 Flash, 3.7 Flash, 3.8 Flash take text, image, audio, video)"},"audio_input":{"value":true,"evidence":"inferred","source":"https://ai.google.dev/gemini-api/docs/deprecations","date":"2026-12-01","note":"the deprecations page lists the model (no shutdown date); its modalities are inferred from the Gemini 3 Flash line (3.5 Flash, 3.7 Flash, 3.8 Flash take text, image, audio, video)"}},"request_features":{"output_format":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/structured-output","date":"2026-12-01","note":"responseJsonSchema from Gemini 2.5 on"},"json_with_tools":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/structured-output","date":"2026-12-01","note":"Gemini 3 combines structured output with function calling"}},"source":"https://ai.google.dev/gemini-api/docs/deprecations"},
{"id":"gemini-3.5-flash-lite","name":"Gemini 3.5 Flash-Lite","family":"gemini","variant":"flash-lite","version":"3.5","release_date":"2026-07-21","limits":{"context":1048576,"output":65536},"capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://ai.google.dev/gemini-api/docs/deprecations","date":"2026-12-01","note":"the deprecations page lists the model (no shutdown date); its modalities are inferred from the Gemini 3 Flash line (3.5 Flash, 3.7 Flash, 3.8 Flash take text, image, audio, video)"},"image_input":{"value":true,"evidence":"inferred","source":"https://ai.google.dev/gemini-api/docs/deprecations","date":"2026-12-01","note":"the deprecations page lists the model (no shutdown date); its modalities are inferred from the Gemini 3 Flash line (3.5 Flash, 3.7 Flash, 3.8 Flash take text, image, audio, video)"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://ai.google.dev/gemini-api/docs/deprecations","date":"2026-12-01","note":"the deprecations page lists the model (no shutdown date); its modalities are inferred from the Gemini 3 Flash line (3.5 Flash, 3.7 Flash, 3.8 Flash take text, image, audio, video)"},"audio_input":{"value":true,"evidence":"inferred","source":"https://ai.google.dev/gemini-api/docs/deprecations","date":"2026-12-01","note":"the deprecations page lists the model (no shutdown date); its modalities are inferred from the Gemini 3 Flash line (3.5 Flash, 3.7 Flash, 3.8 Flash take text, image, audio, video)"}},"request_features":{"output_format":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/structured-output","date":"2026-12-01","note":"responseJsonSchema from Gemini 2.5 on"},"json_with_tools":{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/structured-output","date":"2026-12-01","note":"Gemini 3 combines structured output with function calling"}},"source":"https://ai.google.dev/gemini-api/docs/deprecations"},
{"id":"gemini-3.1-flash-lite","name":"Gemini 3.1 Flash-Lite","family":"gemini","variant":"flash-lite","version":"3.1","release_date":"2026-05-07","limits":{"context":1048576,"output":65536},"capabilities":{},"source":"https://ai.google.dev/gemini-api/docs/models/gemini-3.1-flash-lite","note":"the stable id since Google graduated the preview (gemini-3.1-flash-lite-preview, shut down 2026-05-25); its facts are the catalogue's"}
]
}
},
{
"kind":"lab",
"file":"data/models/llava.json",
"data":{
"lab":"llava",
"name":"LLaVA",
"models":[
{"id":"llava-v1.6-mistral-7b","name":"LLaVA 1.6 Mistral 7B","family":"llava","variant":"7b","version":"1.6","release_date":"2024-01-30","limits":{"context":32768},"open_weights":true,"capabilities":{"tools":{"value":false,"evidence":"inferred","source":"https://ollama.com/library/llava","date":"2026-11-29","note":"the Ollama library page lists vision but not tools"},"image_input":{"value":true,"evidence":"docs","source":"https://ollama.com/library/llava","date":"2026-11-29"},"pdf_input":{"value":false,"evidence":"inferred","source":"https://ollama.com/library/llava","date":"2026-11-29","note":"a local vision model; Ollama documents no document input"},"audio_input":{"value":false,"evidence":"inferred","source":"https://ollama.com/library/llava","date":"2026-11-29","note":"text and image input only"}},"source":"https://huggingface.co/liuhaotian/llava-v1.6-mistral-7b"},
{"id":"llava-v1.6-vicuna-13b","name":"LLaVA 1.6 Vicuna 13B","family":"llava","variant":"13b","version":"1.6","release_date":"2024-01-30","limits":{"context":4096},"open_weights":true,"capabilities":{"tools":{"value":false,"evidence":"inferred","source":"https://ollama.com/library/llava","date":"2026-11-29","note":"the Ollama library page lists vision but not tools"},"image_input":{"value":true,"evidence":"docs","source":"https://ollama.com/library/llava","date":"2026-11-29"},"pdf_input":{"value":false,"evidence":"inferred","source":"https://ollama.com/library/llava","date":"2026-11-29","note":"a local vision model; Ollama documents no document input"},"audio_input":{"value":false,"evidence":"inferred","source":"https://ollama.com/library/llava","date":"2026-11-29","note":"text and image input only"}},"source":"https://huggingface.co/liuhaotian/llava-v1.6-vicuna-13b"},
{"id":"llava-v1.6-34b","name":"LLaVA 1.6 34B","family":"llava","variant":"34b","version":"1.6","release_date":"2024-01-30","limits":{"context":4096},"open_weights":true,"capabilities":{"tools":{"value":false,"evidence":"inferred","source":"https://ollama.com/library/llava","date":"2026-11-29","note":"the Ollama library page lists vision but not tools"},"image_input":{"value":true,"evidence":"docs","source":"https://ollama.com/library/llava","date":"2026-11-29"},"pdf_input":{"value":false,"evidence":"inferred","source":"https://ollama.com/library/llava","date":"2026-11-29","note":"a local vision model; Ollama documents no document input"},"audio_input":{"value":false,"evidence":"inferred","source":"https://ollama.com/library/llava","date":"2026-11-29","note":"text and image input only"}},"source":"https://huggingface.co/liuhaotian/llava-v1.6-34b"}
]
}
},
{
"kind":"lab",
"file":"data/models/meta.json",
"data":{
"lab":"meta",
"name":"Meta",
"models":[
{"id":"llama-3.3-70b-instruct","name":"Llama 3.3 70B Instruct","family":"llama","variant":"70b","version":"3.3","release_date":"2024-12-06","limits":{"context":131072},"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://www.llama.com/docs/model-cards-and-prompt-formats/llama3_3/","date":"2026-11-29"},"image_input":{"value":false,"evidence":"docs","source":"https://www.llama.com/docs/model-cards-and-prompt-formats/llama3_3/","date":"2026-11-29"},"pdf_input":{"value":false,"evidence":"inferred","source":"https://www.llama.com/docs/model-cards-and-prompt-formats/llama3_3/","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://www.llama.com/docs/model-cards-and-prompt-formats/llama3_3/","date":"2026-11-29"}},"source":"https://www.llama.com/docs/model-cards-and-prompt-formats/llama3_3/"},
{"id":"llama-3.1-8b-instruct","name":"Llama 3.1 8B Instruct","family":"llama","variant":"8b","version":"3.1","release_date":"2024-07-23","limits":{"context":131072},"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://www.llama.com/docs/model-cards-and-prompt-formats/llama3_1/","date":"2026-11-29"},"image_input":{"value":false,"evidence":"docs","source":"https://www.llama.com/docs/model-cards-and-prompt-formats/llama3_1/","date":"2026-11-29"},"pdf_input":{"value":false,"evidence":"inferred","source":"https://www.llama.com/docs/model-cards-and-prompt-formats/llama3_1/","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://www.llama.com/docs/model-cards-and-prompt-formats/llama3_1/","date":"2026-11-29"}},"source":"https://www.llama.com/docs/model-cards-and-prompt-formats/llama3_1/"},
{"id":"llama-3.2-3b-instruct","name":"Llama 3.2 3B Instruct","family":"llama","variant":"3b","version":"3.2","release_date":"2024-09-25","limits":{"context":131072},"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://ollama.com/library/llama3.2","date":"2026-11-29","note":"the Ollama library page lists the tools capability; Meta's prompt format page documents tool calls for the 1B and 3B"},"image_input":{"value":false,"evidence":"docs","source":"https://ollama.com/library/llama3.2","date":"2026-11-29","note":"text only; the vision models are llama3.2-vision"},"pdf_input":{"value":false,"evidence":"inferred","source":"https://ollama.com/library/llama3.2","date":"2026-11-29","note":"a local text model; Ollama documents no document input"},"audio_input":{"value":false,"evidence":"docs","source":"https://www.llama.com/docs/model-cards-and-prompt-formats/llama3_2/","date":"2026-11-29"}},"source":"https://www.llama.com/docs/model-cards-and-prompt-formats/llama3_2/"},
{"id":"llama-3.2-1b-instruct","name":"Llama 3.2 1B Instruct","family":"llama","variant":"1b","version":"3.2","release_date":"2024-09-25","limits":{"context":131072},"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://ollama.com/library/llama3.2","date":"2026-11-29","note":"the Ollama library page lists the tools capability; Meta's prompt format page documents tool calls for the 1B and 3B"},"image_input":{"value":false,"evidence":"docs","source":"https://ollama.com/library/llama3.2","date":"2026-11-29","note":"text only; the vision models are llama3.2-vision"},"pdf_input":{"value":false,"evidence":"inferred","source":"https://ollama.com/library/llama3.2","date":"2026-11-29","note":"a local text model; Ollama documents no document input"},"audio_input":{"value":false,"evidence":"docs","source":"https://www.llama.com/docs/model-cards-and-prompt-formats/llama3_2/","date":"2026-11-29"}},"source":"https://www.llama.com/docs/model-cards-and-prompt-formats/llama3_2/"},
{"id":"llama-3.2-11b-vision-instruct","name":"Llama 3.2 11B Vision Instruct","family":"llama","variant":"11b-vision","version":"3.2","release_date":"2024-09-25","limits":{"context":131072},"open_weights":true,"capabilities":{"tools":{"value":false,"evidence":"inferred","source":"https://www.llama.com/docs/model-cards-and-prompt-formats/llama3_2/","date":"2026-11-29","note":"the vision models are not trained for tool calls with images"},"image_input":{"value":true,"evidence":"docs","source":"https://www.llama.com/docs/model-cards-and-prompt-formats/llama3_2/","date":"2026-11-29"},"pdf_input":{"value":false,"evidence":"inferred","source":"https://www.llama.com/docs/model-cards-and-prompt-formats/llama3_2/","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://www.llama.com/docs/model-cards-and-prompt-formats/llama3_2/","date":"2026-11-29"}},"source":"https://www.llama.com/docs/model-cards-and-prompt-formats/llama3_2/"},
{"id":"llama-4-scout-17b-16e-instruct","name":"Llama 4 Scout","family":"llama","variant":"scout","version":"4","release_date":"2025-04-05","limits":{"context":10000000},"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://www.llama.com/docs/model-cards-and-prompt-formats/llama4/","date":"2026-11-29"},"image_input":{"value":true,"evidence":"docs","source":"https://www.llama.com/docs/model-cards-and-prompt-formats/llama4/","date":"2026-11-29"},"pdf_input":{"value":false,"evidence":"inferred","source":"https://www.llama.com/docs/model-cards-and-prompt-formats/llama4/","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://www.llama.com/docs/model-cards-and-prompt-formats/llama4/","date":"2026-11-29"}},"source":"https://www.llama.com/docs/model-cards-and-prompt-formats/llama4/"},
{"id":"llama-4-maverick-17b-128e-instruct","name":"Llama 4 Maverick","family":"llama","variant":"maverick","version":"4","release_date":"2025-04-05","limits":{"context":1048576},"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://www.llama.com/docs/model-cards-and-prompt-formats/llama4/","date":"2026-11-29"},"image_input":{"value":true,"evidence":"docs","source":"https://www.llama.com/docs/model-cards-and-prompt-formats/llama4/","date":"2026-11-29"},"pdf_input":{"value":false,"evidence":"inferred","source":"https://www.llama.com/docs/model-cards-and-prompt-formats/llama4/","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://www.llama.com/docs/model-cards-and-prompt-formats/llama4/","date":"2026-11-29"}},"source":"https://www.llama.com/docs/model-cards-and-prompt-formats/llama4/"}
]
}
},
{
"kind":"lab",
"file":"data/models/minimax.json",
"data":{
"lab":"minimax",
"name":"MiniMax",
"models":[
{"id":"MiniMax-M2","name":"MiniMax-M2","family":"minimax-m","version":"2","release_date":"2025-10-27","limits":{"context":204800,"output":131072},"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://platform.minimax.io/docs/guides/text-generation","date":"2026-11-29"},"image_input":{"value":false,"evidence":"docs","source":"https://platform.minimax.io/docs/guides/text-generation","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://platform.minimax.io/docs/guides/text-generation","date":"2026-11-29"}},"source":"https://platform.minimax.io/docs/guides/text-generation"},
{"id":"MiniMax-M2.1","name":"MiniMax-M2.1","family":"minimax-m","version":"2.1","release_date":"2025-12-23","limits":{"context":204800,"output":131072},"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://platform.minimax.io/docs/guides/text-generation","date":"2026-11-29"},"image_input":{"value":false,"evidence":"inferred","source":"https://platform.minimax.io/docs/guides/text-generation","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"inferred","source":"https://platform.minimax.io/docs/guides/text-generation","date":"2026-11-29"}},"source":"https://platform.minimax.io/docs/guides/text-generation"},
{"id":"MiniMax-M3","name":"MiniMax-M3","family":"minimax-m","version":"3","release_date":"2026-06-01","limits":{"context":1000000,"output":128000},"capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/minimax/models/MiniMax-M3.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"},"image_input":{"value":true,"evidence":"docs","source":"https://x.com/MiniMax_AI/status/2061944204604101020","date":"2026-12-01","note":"MiniMax (2026-06-03): \\"Natively multimodal (image + video in)\\"; the OpenAI-compatible endpoint takes image parts for MiniMax-M3. models.dev, Vercel AI Gateway and LiteLLM list image input too"},"audio_input":{"value":false,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/minimax/models/MiniMax-M3.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"}},"source":"https://github.com/anomalyco/models.dev/blob/dev/providers/minimax/models/MiniMax-M3.toml"}
]
}
},
{
"kind":"lab",
"file":"data/models/mistral.json",
"data":{
"lab":"mistral",
"name":"Mistral AI",
"models":[
{"id":"mistral-medium-3.5","name":"Mistral Medium 3.5","family":"mistral-medium","version":"3.5","release_date":"2026-04-29","aliases":["mistral-medium-latest"],"limits":{"context":262144},"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://docs.mistral.ai/models/mistral-medium-3-5-26-04","date":"2026-12-01","note":"native function calling; OpenRouter, Vercel and LiteLLM list it"},"image_input":{"value":true,"evidence":"inferred","source":"https://docs.mistral.ai/models/mistral-medium-3-5-26-04","date":"2026-12-01","note":"text and image input (vision encoder); OpenRouter and Vercel list it"},"pdf_input":{"value":false,"evidence":"inferred","source":"https://docs.mistral.ai/models/mistral-medium-3-5-26-04","date":"2026-12-01","note":"PDFs go through the separate OCR / document AI endpoint, as for the other Mistral chat models"},"audio_input":{"value":false,"evidence":"inferred","source":"https://docs.mistral.ai/models/mistral-medium-3-5-26-04","date":"2026-12-01","note":"text and image input only"}},"source":"https://docs.mistral.ai/models/mistral-medium-3-5-26-04","note":"Succeeds Mistral Medium 3.1 as mistral-medium-latest; 256K (262,144) context per OpenRouter, Vercel AI Gateway and LiteLLM (whose entry cites this page)."},
{"id":"mistral-medium-2508","name":"Mistral Medium 3.1","family":"mistral-medium","version":"3.1","release_date":"2025-08-12","limits":{"context":131072},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://docs.mistral.ai/capabilities/function_calling/","date":"2026-11-29"},"image_input":{"value":true,"evidence":"docs","source":"https://docs.mistral.ai/capabilities/vision/","date":"2026-11-29"},"pdf_input":{"value":false,"evidence":"inferred","source":"https://docs.mistral.ai/getting-started/models/models_overview/","date":"2026-11-29","note":"PDFs go through the separate OCR / document AI endpoint"},"audio_input":{"value":false,"evidence":"docs","source":"https://docs.mistral.ai/getting-started/models/models_overview/","date":"2026-11-29"}},"source":"https://docs.mistral.ai/getting-started/models/models_overview/","note":"mistral-medium-latest moved to Mistral Medium 3.5 (2026-04-29)."},
{"id":"mistral-small-2506","name":"Mistral Small 3.2","family":"mistral-small","version":"3.2","release_date":"2025-06-20","aliases":["mistral-small-3.2-24b-instruct-2506"],"limits":{"context":131072},"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://docs.mistral.ai/capabilities/function_calling/","date":"2026-11-29"},"image_input":{"value":true,"evidence":"docs","source":"https://docs.mistral.ai/capabilities/vision/","date":"2026-11-29"},"pdf_input":{"value":false,"evidence":"inferred","source":"https://docs.mistral.ai/getting-started/models/models_overview/","date":"2026-11-29","note":"PDFs go through the separate OCR / document AI endpoint"},"audio_input":{"value":false,"evidence":"docs","source":"https://docs.mistral.ai/getting-started/models/models_overview/","date":"2026-11-29"}},"source":"https://docs.mistral.ai/getting-started/models/models_overview/","note":"mistral-small-latest moved to a newer Mistral Small (released 2026-03-16, per models.dev); no entry yet, so the imported catalogue answers for that name."},
{"id":"mistral-large-2512","name":"Mistral Large 3","family":"mistral-large","version":"3","release_date":"2025-12","aliases":["mistral-large-3"],"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://huggingface.co/mistralai/Mistral-Large-3-675B-Instruct-2512","date":"2026-11-29","note":"native function calling"},"image_input":{"value":true,"evidence":"docs","source":"https://huggingface.co/mistralai/Mistral-Large-3-675B-Instruct-2512","date":"2026-11-29","note":"a 2.5B vision encoder; the model card lists vision"}},"source":"https://huggingface.co/mistralai/Mistral-Large-3-675B-Instruct-2512","note":"mistral-large-latest pointed here from Mistral Large 3 (December 2025) until Mistral Large 4 (2026-10-06)"},
{"id":"mistral-large-2411","name":"Mistral Large 2.1","family":"mistral-large","version":"2.1","release_date":"2024-11-18","limits":{"context":131072},"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://docs.mistral.ai/capabilities/function_calling/","date":"2026-11-29"},"image_input":{"value":false,"evidence":"docs","source":"https://docs.mistral.ai/getting-started/models/models_overview/","date":"2026-11-29"},"pdf_input":{"value":false,"evidence":"inferred","source":"https://docs.mistral.ai/getting-started/models/models_overview/","date":"2026-11-29","note":"PDFs go through the separate OCR / document AI endpoint"},"audio_input":{"value":false,"evidence":"docs","source":"https://docs.mistral.ai/getting-started/models/models_overview/","date":"2026-11-29"}},"source":"https://docs.mistral.ai/getting-started/models/models_overview/"},
{"id":"pixtral-large-2411","name":"Pixtral Large","family":"pixtral-large","version":"1","release_date":"2024-11-18","aliases":["pixtral-large-latest"],"limits":{"context":131072},"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://docs.mistral.ai/capabilities/function_calling/","date":"2026-11-29"},"image_input":{"value":true,"evidence":"docs","source":"https://docs.mistral.ai/capabilities/vision/","date":"2026-11-29"},"pdf_input":{"value":false,"evidence":"inferred","source":"https://docs.mistral.ai/getting-started/models/models_overview/","date":"2026-11-29","note":"PDFs go through the separate OCR / document AI endpoint"},"audio_input":{"value":false,"evidence":"docs","source":"https://docs.mistral.ai/getting-started/models/models_overview/","date":"2026-11-29"}},"source":"https://docs.mistral.ai/getting-started/models/models_overview/"},
{"id":"codestral-2508","name":"Codestral 25.08","family":"codestral","version":"25.8","release_date":"2025-07-30","aliases":["codestral-latest"],"limits":{"context":256000},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://docs.mistral.ai/capabilities/function_calling/","date":"2026-11-29"},"image_input":{"value":false,"evidence":"docs","source":"https://docs.mistral.ai/getting-started/models/models_overview/","date":"2026-11-29"},"pdf_input":{"value":false,"evidence":"inferred","source":"https://docs.mistral.ai/getting-started/models/models_overview/","date":"2026-11-29","note":"PDFs go through the separate OCR / document AI endpoint"},"audio_input":{"value":false,"evidence":"docs","source":"https://docs.mistral.ai/getting-started/models/models_overview/","date":"2026-11-29"}},"source":"https://docs.mistral.ai/getting-started/models/models_overview/"},
{"id":"mistral-large-4","name":"Mistral Large 4","family":"mistral-large","version":"4","aliases":["mistral-large-latest","mistral-large-4-0"],"limits":{"context":1048576,"output":262144},"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://docs.mistral.ai/models/mistral-large-4-0","date":"2026-12-01","note":"Mistral's model page was not in reach; Vercel AI Gateway and Bifrost list it as natively multimodal with function calling"},"image_input":{"value":true,"evidence":"inferred","source":"https://docs.mistral.ai/models/mistral-large-4-0","date":"2026-12-01","note":"Mistral's model page was not in reach; Vercel AI Gateway and Bifrost list it as natively multimodal with function calling"}},"source":"https://docs.mistral.ai/models/mistral-large-4-0","note":"mistral-large-latest points here since its release on 2026-10-06; the alias moves with Mistral's releases"},
{"id":"mistral-small-2603","name":"Mistral Small 4","family":"mistral-small","version":"4","aliases":["mistral-small-4"],"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://huggingface.co/mistralai/Mistral-Small-4-119B-2603","date":"2026-12-01","note":"Mistral's model page was not in reach; NVIDIA NeMo lists Mistral-Small-4-119B-2603 among vision-language models"},"image_input":{"value":true,"evidence":"inferred","source":"https://huggingface.co/mistralai/Mistral-Small-4-119B-2603","date":"2026-12-01","note":"Mistral's model page was not in reach; NVIDIA NeMo lists Mistral-Small-4-119B-2603 among vision-language models"}},"source":"https://huggingface.co/mistralai/Mistral-Small-4-119B-2603"}
]
}
},
{
"kind":"lab",
"file":"data/models/moonshot.json",
"data":{
"lab":"moonshot",
"name":"Moonshot AI",
"models":[
{"id":"kimi-k2-0905-preview","name":"Kimi K2 (0905)","family":"kimi","variant":"k2-0905","version":"2","release_date":"2025-09-05","aliases":["kimi-k2-instruct-0905"],"limits":{"context":262144},"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://platform.moonshot.ai/docs/guide/use-kimi-api-to-complete-tool-calls","date":"2026-11-29"},"image_input":{"value":false,"evidence":"docs","source":"https://platform.moonshot.ai/docs/introduction","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://platform.moonshot.ai/docs/introduction","date":"2026-11-29"}},"source":"https://platform.moonshot.ai/docs/introduction"},
{"id":"kimi-k2-0711-preview","name":"Kimi K2 (0711)","family":"kimi","variant":"k2-0711","version":"2","release_date":"2025-07-11","aliases":["kimi-k2-instruct","kimi-k2"],"limits":{"context":131072},"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://platform.moonshot.ai/docs/guide/use-kimi-api-to-complete-tool-calls","date":"2026-11-29"},"image_input":{"value":false,"evidence":"docs","source":"https://platform.moonshot.ai/docs/introduction","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://platform.moonshot.ai/docs/introduction","date":"2026-11-29"}},"source":"https://platform.moonshot.ai/docs/introduction"},
{"id":"kimi-k2-turbo-preview","name":"Kimi K2 Turbo","family":"kimi","variant":"k2-turbo","version":"2","release_date":"2025-08-01","limits":{"context":262144},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://platform.moonshot.ai/docs/guide/use-kimi-api-to-complete-tool-calls","date":"2026-11-29"},"image_input":{"value":false,"evidence":"docs","source":"https://platform.moonshot.ai/docs/introduction","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://platform.moonshot.ai/docs/introduction","date":"2026-11-29"}},"source":"https://platform.moonshot.ai/docs/introduction"},
{"id":"kimi-k2-thinking","name":"Kimi K2 Thinking","family":"kimi","variant":"k2-thinking","version":"2","release_date":"2025-11-06","limits":{"context":262144},"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://platform.moonshot.ai/docs/guide/use-kimi-api-to-complete-tool-calls","date":"2026-11-29"},"image_input":{"value":false,"evidence":"docs","source":"https://platform.moonshot.ai/docs/introduction","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://platform.moonshot.ai/docs/introduction","date":"2026-11-29"}},"source":"https://platform.moonshot.ai/docs/introduction"},
{"id":"kimi-k2.5","name":"Kimi K2.5","family":"kimi","variant":"k2.5","version":"2.5","release_date":"2026-01","limits":{"context":262144,"output":262144},"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://platform.moonshot.ai/docs/guide/use-kimi-api-to-complete-tool-calls","date":"2026-11-29"},"image_input":{"value":true,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/moonshotai/models/kimi-k2.5.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"},"audio_input":{"value":false,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/moonshotai/models/kimi-k2.5.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"}},"source":"https://platform.moonshot.ai/docs/introduction"},
{"id":"kimi-k2.6","name":"Kimi K2.6","family":"kimi","variant":"k2.6","version":"2.6","release_date":"2026-04-21","limits":{"context":262144,"output":262144},"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/moonshotai/models/kimi-k2.6.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"},"image_input":{"value":true,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/moonshotai/models/kimi-k2.6.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"},"audio_input":{"value":false,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/moonshotai/models/kimi-k2.6.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"}},"source":"https://github.com/anomalyco/models.dev/blob/dev/providers/moonshotai/models/kimi-k2.6.toml"},
{"id":"kimi-k3","name":"Kimi K3","family":"kimi","version":"3","open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://platform.kimi.ai/docs/models","date":"2026-12-01","note":"Moonshot's model list was not in reach; its Hugging Face card (moonshotai/Kimi-K3) is Image-Text-to-Text and NVIDIA NeMo lists it as a vision-language model"},"image_input":{"value":true,"evidence":"inferred","source":"https://platform.kimi.ai/docs/models","date":"2026-12-01","note":"Moonshot's model list was not in reach; its Hugging Face card (moonshotai/Kimi-K3) is Image-Text-to-Text and NVIDIA NeMo lists it as a vision-language model"}},"source":"https://platform.kimi.ai/docs/models"}
]
}
},
{
"kind":"lab",
"file":"data/models/nous.json",
"data":{
"lab":"nous",
"name":"Nous Research",
"models":[
{"id":"Hermes-4-405B","name":"Hermes 4 405B","family":"hermes","variant":"405b","version":"4","release_date":"2025-08-26","limits":{"context":131072},"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://huggingface.co/NousResearch/Hermes-4-405B","date":"2026-11-29","note":"Hermes <tool_call> format"},"image_input":{"value":false,"evidence":"docs","source":"https://huggingface.co/NousResearch/Hermes-4-405B","date":"2026-11-29"},"pdf_input":{"value":false,"evidence":"inferred","source":"https://huggingface.co/NousResearch/Hermes-4-405B","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://huggingface.co/NousResearch/Hermes-4-405B","date":"2026-11-29"}},"source":"https://huggingface.co/NousResearch/Hermes-4-405B"},
{"id":"Hermes-4-70B","name":"Hermes 4 70B","family":"hermes","variant":"70b","version":"4","release_date":"2025-08-26","limits":{"context":131072},"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://huggingface.co/NousResearch/Hermes-4-70B","date":"2026-11-29","note":"Hermes <tool_call> format"},"image_input":{"value":false,"evidence":"docs","source":"https://huggingface.co/NousResearch/Hermes-4-70B","date":"2026-11-29"},"pdf_input":{"value":false,"evidence":"inferred","source":"https://huggingface.co/NousResearch/Hermes-4-70B","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://huggingface.co/NousResearch/Hermes-4-70B","date":"2026-11-29"}},"source":"https://huggingface.co/NousResearch/Hermes-4-70B"},
{"id":"Hermes-3-Llama-3.1-70B","name":"Hermes 3 70B","family":"hermes","variant":"70b","version":"3","release_date":"2024-08-15","limits":{"context":131072},"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://huggingface.co/NousResearch/Hermes-3-Llama-3.1-70B","date":"2026-11-29","note":"Hermes <tool_call> format"},"image_input":{"value":false,"evidence":"docs","source":"https://huggingface.co/NousResearch/Hermes-3-Llama-3.1-70B","date":"2026-11-29"},"pdf_input":{"value":false,"evidence":"inferred","source":"https://huggingface.co/NousResearch/Hermes-3-Llama-3.1-70B","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://huggingface.co/NousResearch/Hermes-3-Llama-3.1-70B","date":"2026-11-29"}},"source":"https://huggingface.co/NousResearch/Hermes-3-Llama-3.1-70B"}
]
}
},
{
"kind":"lab",
"file":"data/models/openai.json",
"data":{
"lab":"openai",
"name":"OpenAI",
"families":[
{"family":"gpt","templates":["gpt-{version}","gpt-{version}-{variant}"],"versions":">=5","exclude_tokens":["tts","image","embedding","audio","realtime","transcribe","search"],"capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://platform.openai.com/docs/guides/function-calling","date":"2026-11-29"},"image_input":{"value":true,"evidence":"inferred","source":"https://platform.openai.com/docs/guides/images-vision","date":"2026-11-29"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://platform.openai.com/docs/guides/pdf-files","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"inferred","source":"https://platform.openai.com/docs/models/gpt-5","date":"2026-11-29"}},"source":"https://platform.openai.com/docs/models","note":"Every GPT-5 model takes images and PDFs; an unlisted GPT-5.x (gpt-5.5, gpt-5-codex) inherits these as inferred facts. Limited to versions >=5 so gpt-3.5-turbo is not mistaken for a vision model."}
],
"models":[
{"id":"gpt-4o","name":"GPT-4o","family":"gpt-4o","release_date":"2024-05-13","snapshots":["gpt-4o-2024-08-06","gpt-4o-2024-11-20"],"limits":{"context":128000,"output":16384},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/function-calling","date":"2026-11-29"},"image_input":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/images-vision","date":"2026-11-29"},"pdf_input":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/pdf-files","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/models/gpt-4o","date":"2026-11-29"}},"source":"https://platform.openai.com/docs/models/gpt-4o"},
{"id":"gpt-4o-2024-05-13","name":"GPT-4o (2024-05-13)","family":"gpt-4o","release_date":"2024-05-13","limits":{"context":128000,"output":4096},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/function-calling","date":"2026-11-29"},"image_input":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/images-vision","date":"2026-11-29"},"pdf_input":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/pdf-files","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/models/gpt-4o","date":"2026-11-29"}},"request_features":{"output_format":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/guides/structured-outputs","date":"2026-12-01","note":"json_schema structured outputs start with gpt-4o-2024-08-06 and gpt-4o-mini-2024-07-18; the May 2024 snapshot answers \\"Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model\\" (web-infra-dev/midscene#259)"}},"source":"https://platform.openai.com/docs/models/gpt-4o","note":"The first GPT-4o snapshot: 4,096 output tokens (the later snapshots 16,384); LiteLLM agrees. Retired by OpenAI on 2026-10-23."},
{"id":"gpt-4o-mini","name":"GPT-4o mini","family":"gpt-4o","variant":"mini","release_date":"2024-07-18","snapshots":["gpt-4o-mini-2024-07-18"],"limits":{"context":128000,"output":16384},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/function-calling","date":"2026-11-29"},"image_input":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/images-vision","date":"2026-11-29"},"pdf_input":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/pdf-files","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/models/gpt-4o-mini","date":"2026-11-29"}},"source":"https://platform.openai.com/docs/models/gpt-4o-mini"},
{"id":"gpt-4.1","name":"GPT-4.1","family":"gpt","version":"4.1","release_date":"2025-04-14","snapshots":["gpt-4.1-2025-04-14"],"limits":{"context":1047576,"output":32768},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/function-calling","date":"2026-11-29"},"image_input":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/images-vision","date":"2026-11-29"},"pdf_input":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/pdf-files","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/models/gpt-4.1","date":"2026-11-29"}},"source":"https://platform.openai.com/docs/models/gpt-4.1"},
{"id":"gpt-4.1-mini","name":"GPT-4.1 mini","family":"gpt","variant":"mini","version":"4.1","release_date":"2025-04-14","snapshots":["gpt-4.1-mini-2025-04-14"],"limits":{"context":1047576,"output":32768},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/function-calling","date":"2026-11-29"},"image_input":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/images-vision","date":"2026-11-29"},"pdf_input":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/pdf-files","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/models/gpt-4.1-mini","date":"2026-11-29"}},"source":"https://platform.openai.com/docs/models/gpt-4.1-mini"},
{"id":"gpt-4.1-nano","name":"GPT-4.1 nano","family":"gpt","variant":"nano","version":"4.1","release_date":"2025-04-14","snapshots":["gpt-4.1-nano-2025-04-14"],"limits":{"context":1047576,"output":32768},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/function-calling","date":"2026-11-29"},"image_input":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/images-vision","date":"2026-11-29"},"pdf_input":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/pdf-files","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/models/gpt-4.1-nano","date":"2026-11-29"}},"source":"https://platform.openai.com/docs/models/gpt-4.1-nano"},
{"id":"o3","name":"o3","family":"o","version":"3","release_date":"2025-04-16","snapshots":["o3-2025-04-16"],"limits":{"context":200000,"output":100000},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/function-calling","date":"2026-11-29"},"image_input":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/images-vision","date":"2026-11-29"},"pdf_input":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/pdf-files","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/models/o3","date":"2026-11-29"}},"source":"https://platform.openai.com/docs/models/o3"},
{"id":"o4-mini","name":"o4-mini","family":"o","variant":"mini","version":"4","release_date":"2025-04-16","snapshots":["o4-mini-2025-04-16"],"limits":{"context":200000,"output":100000},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/function-calling","date":"2026-11-29"},"image_input":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/images-vision","date":"2026-11-29"},"pdf_input":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/pdf-files","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/models/o4-mini","date":"2026-11-29"}},"source":"https://platform.openai.com/docs/models/o4-mini"},
{"id":"gpt-5","name":"GPT-5","family":"gpt","version":"5","release_date":"2025-08-07","snapshots":["gpt-5-2025-08-07"],"limits":{"context":400000,"output":128000},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/function-calling","date":"2026-11-29"},"image_input":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/images-vision","date":"2026-11-29"},"pdf_input":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/pdf-files","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/models/gpt-5","date":"2026-11-29"}},"source":"https://platform.openai.com/docs/models/gpt-5"},
{"id":"gpt-5-mini","name":"GPT-5 mini","family":"gpt","variant":"mini","version":"5","release_date":"2025-08-07","snapshots":["gpt-5-mini-2025-08-07"],"limits":{"context":400000,"output":128000},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/function-calling","date":"2026-11-29"},"image_input":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/images-vision","date":"2026-11-29"},"pdf_input":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/pdf-files","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/models/gpt-5-mini","date":"2026-11-29"}},"source":"https://platform.openai.com/docs/models/gpt-5-mini"},
{"id":"gpt-5-nano","name":"GPT-5 nano","family":"gpt","variant":"nano","version":"5","release_date":"2025-08-07","snapshots":["gpt-5-nano-2025-08-07"],"limits":{"context":400000,"output":128000},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/function-calling","date":"2026-11-29"},"image_input":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/images-vision","date":"2026-11-29"},"pdf_input":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/pdf-files","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/models/gpt-5-nano","date":"2026-11-29"}},"source":"https://platform.openai.com/docs/models/gpt-5-nano"},
{"id":"gpt-5-pro","name":"GPT-5 pro","family":"gpt","variant":"pro","version":"5","release_date":"2025-10-06","snapshots":["gpt-5-pro-2025-10-06"],"limits":{"context":400000,"output":272000},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/function-calling","date":"2026-11-29"},"image_input":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/images-vision","date":"2026-11-29"},"pdf_input":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/pdf-files","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/models/gpt-5-pro","date":"2026-11-29"}},"source":"https://platform.openai.com/docs/models/gpt-5-pro","note":"Served on the Responses API only."},
{"id":"gpt-5.1","name":"GPT-5.1","family":"gpt","version":"5.1","release_date":"2025-11-13","snapshots":["gpt-5.1-2025-11-13"],"limits":{"context":400000,"output":128000},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/function-calling","date":"2026-11-29"},"image_input":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/images-vision","date":"2026-11-29"},"pdf_input":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/pdf-files","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/models/gpt-5.1","date":"2026-11-29"}},"source":"https://platform.openai.com/docs/models/gpt-5.1"},
{"id":"gpt-5.2","name":"GPT-5.2","family":"gpt","version":"5.2","release_date":"2025-12-11","snapshots":["gpt-5.2-2025-12-11"],"limits":{"context":400000,"output":128000},"capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://platform.openai.com/docs/guides/function-calling","date":"2026-11-29"},"image_input":{"value":true,"evidence":"inferred","source":"https://platform.openai.com/docs/guides/images-vision","date":"2026-11-29"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://platform.openai.com/docs/guides/pdf-files","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"inferred","source":"https://platform.openai.com/docs/models/gpt-5.2","date":"2026-11-29"}},"source":"https://platform.openai.com/docs/models/gpt-5.2","note":"Facts carried over from GPT-5.1; not yet checked against the model page."},
{"id":"gpt-5.4","name":"GPT-5.4","family":"gpt","version":"5.4","release_date":"2026-03-05","limits":{"context":1050000,"output":128000},"capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/openai/models/gpt-5.4.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"},"image_input":{"value":true,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/openai/models/gpt-5.4.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/openai/models/gpt-5.4.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"},"audio_input":{"value":false,"evidence":"inferred","source":"https://github.com/anomalyco/models.dev/blob/dev/providers/openai/models/gpt-5.4.toml","date":"2026-11-29","note":"imported from models.dev (MIT); not yet checked against the lab's own page"}},"source":"https://github.com/anomalyco/models.dev/blob/dev/providers/openai/models/gpt-5.4.toml"},
{"id":"gpt-5-chat-latest","name":"GPT-5 Chat","family":"gpt","variant":"chat","version":"5","release_date":"2025-08-07","aliases":["gpt-5-chat"],"capabilities":{"tools":{"value":false,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5-chat-latest","date":"2026-12-01","note":"no function calling: OpenRouter answers 404 \\"No endpoints found that support tool use\\" for openai/gpt-5-chat (pydantic/pydantic-ai#2896); models.dev and LiteLLM list no tool calling"},"image_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5-chat-latest","date":"2026-12-01","note":"image input; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/guides/file-inputs","date":"2026-12-01","note":"OpenAI takes PDF input on every vision-capable model (gpt-4o and later), sending text and page images; this model takes images. models.dev omits pdf for it (its known gap, models.dev #479)"},"audio_input":{"value":false,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5-chat-latest","date":"2026-12-01","note":"text and image input only; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"}},"source":"https://developers.openai.com/api/docs/models/gpt-5-chat-latest","note":"Retired by OpenAI on 2026-07-23 (see the openai providers' retired lists)."},
{"id":"gpt-5.1-chat-latest","name":"GPT-5.1 Chat","family":"gpt","variant":"chat","version":"5.1","release_date":"2025-11-13","capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.1-chat-latest","date":"2026-12-01","note":"function calling; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"},"image_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.1-chat-latest","date":"2026-12-01","note":"image input; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/guides/file-inputs","date":"2026-12-01","note":"OpenAI takes PDF input on every vision-capable model (gpt-4o and later), sending text and page images; this model takes images. models.dev omits pdf for it (its known gap, models.dev #479)"},"audio_input":{"value":false,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.1-chat-latest","date":"2026-12-01","note":"text and image input only; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"}},"source":"https://developers.openai.com/api/docs/models/gpt-5.1-chat-latest","note":"Retired by OpenAI on 2026-07-23."},
{"id":"gpt-5.2-chat-latest","name":"GPT-5.2 Chat","family":"gpt","variant":"chat","version":"5.2","release_date":"2025-12-11","capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.2-chat-latest","date":"2026-12-01","note":"function calling; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"},"image_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.2-chat-latest","date":"2026-12-01","note":"image input; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/guides/file-inputs","date":"2026-12-01","note":"OpenAI takes PDF input on every vision-capable model (gpt-4o and later), sending text and page images; this model takes images. models.dev omits pdf for it (its known gap, models.dev #479)"},"audio_input":{"value":false,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.2-chat-latest","date":"2026-12-01","note":"text and image input only; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"}},"source":"https://developers.openai.com/api/docs/models/gpt-5.2-chat-latest","note":"Retired by OpenAI on 2026-08-10."},
{"id":"gpt-5.3-chat-latest","name":"GPT-5.3 Chat","family":"gpt","variant":"chat","version":"5.3","capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.3-chat-latest","date":"2026-12-01","note":"function calling: listed on the model page (models.dev PR #1290 cites it)"},"image_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.3-chat-latest","date":"2026-12-01","note":"image input; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/guides/file-inputs","date":"2026-12-01","note":"OpenAI takes PDF input on every vision-capable model (gpt-4o and later), sending text and page images; this model takes images. models.dev omits pdf for it (its known gap, models.dev #479)"},"audio_input":{"value":false,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.3-chat-latest","date":"2026-12-01","note":"text and image input only; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"}},"source":"https://developers.openai.com/api/docs/models/gpt-5.3-chat-latest","note":"Retired by OpenAI on 2026-08-10."},
{"id":"gpt-5-codex","name":"GPT-5-Codex","family":"gpt","variant":"codex","version":"5","release_date":"2025-09-15","capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5-codex","date":"2026-12-01","note":"function calling; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"},"image_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5-codex","date":"2026-12-01","note":"image input; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/guides/file-inputs","date":"2026-12-01","note":"OpenAI takes PDF input on every vision-capable model (gpt-4o and later), sending text and page images; this model takes images. models.dev omits pdf for it (its known gap, models.dev #479)"},"audio_input":{"value":false,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5-codex","date":"2026-12-01","note":"text and image input only; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"}},"source":"https://developers.openai.com/api/docs/models/gpt-5-codex","note":"Retired by OpenAI on 2026-07-23."},
{"id":"gpt-5.1-codex","name":"GPT-5.1-Codex","family":"gpt","variant":"codex","version":"5.1","release_date":"2025-11-13","capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.1-codex","date":"2026-12-01","note":"function calling; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"},"image_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.1-codex","date":"2026-12-01","note":"image input; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/guides/file-inputs","date":"2026-12-01","note":"OpenAI takes PDF input on every vision-capable model (gpt-4o and later), sending text and page images; this model takes images. models.dev omits pdf for it (its known gap, models.dev #479)"},"audio_input":{"value":false,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.1-codex","date":"2026-12-01","note":"text and image input only; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"}},"source":"https://developers.openai.com/api/docs/models/gpt-5.1-codex","note":"Retired by OpenAI on 2026-07-23."},
{"id":"gpt-5.1-codex-max","name":"GPT-5.1-Codex-Max","family":"gpt","variant":"codex-max","version":"5.1","release_date":"2025-11-19","capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.1-codex-max","date":"2026-12-01","note":"function calling; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"},"image_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.1-codex-max","date":"2026-12-01","note":"image input; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/guides/file-inputs","date":"2026-12-01","note":"OpenAI takes PDF input on every vision-capable model (gpt-4o and later), sending text and page images; this model takes images. models.dev omits pdf for it (its known gap, models.dev #479)"},"audio_input":{"value":false,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.1-codex-max","date":"2026-12-01","note":"text and image input only; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"}},"source":"https://developers.openai.com/api/docs/models/gpt-5.1-codex-max","note":"Retired by OpenAI on 2026-07-23."},
{"id":"gpt-5.1-codex-mini","name":"GPT-5.1-Codex-Mini","family":"gpt","variant":"codex-mini","version":"5.1","release_date":"2025-11-13","capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.1-codex-mini","date":"2026-12-01","note":"function calling; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"},"image_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.1-codex-mini","date":"2026-12-01","note":"image input; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/guides/file-inputs","date":"2026-12-01","note":"OpenAI takes PDF input on every vision-capable model (gpt-4o and later), sending text and page images; this model takes images. models.dev omits pdf for it (its known gap, models.dev #479)"},"audio_input":{"value":false,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.1-codex-mini","date":"2026-12-01","note":"text and image input only; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"}},"source":"https://developers.openai.com/api/docs/models/gpt-5.1-codex-mini","note":"Retired by OpenAI on 2026-07-23."},
{"id":"gpt-5.2-codex","name":"GPT-5.2-Codex","family":"gpt","variant":"codex","version":"5.2","capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.2-codex","date":"2026-12-01","note":"function calling; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"},"image_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.2-codex","date":"2026-12-01","note":"image input; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/guides/file-inputs","date":"2026-12-01","note":"OpenAI takes PDF input on every vision-capable model (gpt-4o and later), sending text and page images; this model takes images. models.dev omits pdf for it (its known gap, models.dev #479)"},"audio_input":{"value":false,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.2-codex","date":"2026-12-01","note":"text and image input only; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"}},"source":"https://developers.openai.com/api/docs/models/gpt-5.2-codex","note":"Retired by OpenAI on 2026-07-23."},
{"id":"gpt-5.2-pro","name":"GPT-5.2 pro","family":"gpt","variant":"pro","version":"5.2","release_date":"2025-12-11","capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.2-pro","date":"2026-12-01","note":"function calling; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"},"image_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.2-pro","date":"2026-12-01","note":"image input; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/guides/file-inputs","date":"2026-12-01","note":"OpenAI takes PDF input on every vision-capable model (gpt-4o and later), sending text and page images; this model takes images. models.dev omits pdf for it (its known gap, models.dev #479)"},"audio_input":{"value":false,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.2-pro","date":"2026-12-01","note":"text and image input only; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"}},"source":"https://developers.openai.com/api/docs/models/gpt-5.2-pro"},
{"id":"gpt-5.4-mini","name":"GPT-5.4 mini","family":"gpt","variant":"mini","version":"5.4","capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.4-mini","date":"2026-12-01","note":"function calling; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"},"image_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.4-mini","date":"2026-12-01","note":"image input; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/guides/file-inputs","date":"2026-12-01","note":"OpenAI takes PDF input on every vision-capable model (gpt-4o and later), sending text and page images; this model takes images. models.dev omits pdf for it (its known gap, models.dev #479)"},"audio_input":{"value":false,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.4-mini","date":"2026-12-01","note":"text and image input only; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"}},"source":"https://developers.openai.com/api/docs/models/gpt-5.4-mini"},
{"id":"gpt-5.4-nano","name":"GPT-5.4 nano","family":"gpt","variant":"nano","version":"5.4","capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.4-nano","date":"2026-12-01","note":"function calling; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"},"image_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.4-nano","date":"2026-12-01","note":"image input; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/guides/file-inputs","date":"2026-12-01","note":"OpenAI takes PDF input on every vision-capable model (gpt-4o and later), sending text and page images; this model takes images. models.dev omits pdf for it (its known gap, models.dev #479)"},"audio_input":{"value":false,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.4-nano","date":"2026-12-01","note":"text and image input only; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"}},"source":"https://developers.openai.com/api/docs/models/gpt-5.4-nano"},
{"id":"gpt-5.4-pro","name":"GPT-5.4 pro","family":"gpt","variant":"pro","version":"5.4","release_date":"2026-03-05","capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.4-pro","date":"2026-12-01","note":"function calling; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"},"image_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.4-pro","date":"2026-12-01","note":"image input; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/guides/file-inputs","date":"2026-12-01","note":"OpenAI takes PDF input on every vision-capable model (gpt-4o and later), sending text and page images; this model takes images. models.dev omits pdf for it (its known gap, models.dev #479)"},"audio_input":{"value":false,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.4-pro","date":"2026-12-01","note":"text and image input only; models.dev (2026-07-02) and LiteLLM (2026-07-24) agree"}},"source":"https://developers.openai.com/api/docs/models/gpt-5.4-pro"},
{"id":"gpt-oss-120b","name":"gpt-oss-120b","family":"gpt-oss","variant":"120b","release_date":"2025-08-05","limits":{"context":131072,"output":131072},"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/function-calling","date":"2026-11-29"},"image_input":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/models/gpt-oss-120b","date":"2026-11-29"},"pdf_input":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/models/gpt-oss-120b","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/models/gpt-oss-120b","date":"2026-11-29"}},"source":"https://platform.openai.com/docs/models/gpt-oss-120b"},
{"id":"gpt-oss-20b","name":"gpt-oss-20b","family":"gpt-oss","variant":"20b","release_date":"2025-08-05","limits":{"context":131072,"output":131072},"open_weights":true,"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/guides/function-calling","date":"2026-11-29"},"image_input":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/models/gpt-oss-20b","date":"2026-11-29"},"pdf_input":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/models/gpt-oss-20b","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/models/gpt-oss-20b","date":"2026-11-29"}},"source":"https://platform.openai.com/docs/models/gpt-oss-20b"},
{"id":"gpt-6.1-sol","name":"GPT-6.1 Sol","family":"gpt","variant":"sol","version":"6.1","limits":{"context":1050000,"output":128000},"capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-6.1-sol","date":"2026-12-01","note":"input text and image, output text; OpenAI's page for this model was not in reach, the facts are those of the sibling model page for gpt-6.2-sol (text and image in, no audio) and of Google's and Vercel's partner cards for GPT-6.1 Sol"},"image_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-6.1-sol","date":"2026-12-01","note":"input text and image, output text; OpenAI's page for this model was not in reach, the facts are those of the sibling model page for gpt-6.2-sol (text and image in, no audio) and of Google's and Vercel's partner cards for GPT-6.1 Sol"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/guides/file-inputs","date":"2026-12-01","note":"OpenAI takes PDFs on every vision model (file inputs guide)"},"audio_input":{"value":false,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-6.1-sol","date":"2026-12-01","note":"input text and image, output text; OpenAI's page for this model was not in reach, the facts are those of the sibling model page for gpt-6.2-sol (text and image in, no audio) and of Google's and Vercel's partner cards for GPT-6.1 Sol"}},"source":"https://developers.openai.com/api/docs/models/gpt-6.1-sol"},
{"id":"gpt-6.1-terra","name":"GPT-6.1 Terra","family":"gpt","variant":"terra","version":"6.1","limits":{"context":1050000,"output":128000},"capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-6.1-terra","date":"2026-12-01","note":"OpenAI's page for this model was not in reach; inferred from the GPT-6.x line (gpt-6.2-sol's page: text and image in, no audio) and third-party model cards"},"image_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-6.1-terra","date":"2026-12-01","note":"OpenAI's page for this model was not in reach; inferred from the GPT-6.x line (gpt-6.2-sol's page: text and image in, no audio) and third-party model cards"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/guides/file-inputs","date":"2026-12-01","note":"OpenAI takes PDFs on every vision model (file inputs guide)"},"audio_input":{"value":false,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-6.1-terra","date":"2026-12-01","note":"OpenAI's page for this model was not in reach; inferred from the GPT-6.x line (gpt-6.2-sol's page: text and image in, no audio) and third-party model cards"}},"source":"https://developers.openai.com/api/docs/models/gpt-6.1-terra"},
{"id":"gpt-6.1-luna","name":"GPT-6.1 Luna","family":"gpt","variant":"luna","version":"6.1","limits":{"context":1050000,"output":128000},"capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-6.1-luna","date":"2026-12-01","note":"OpenAI's page for this model was not in reach; inferred from the GPT-6.x line (gpt-6.2-sol's page: text and image in, no audio) and third-party model cards"},"image_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-6.1-luna","date":"2026-12-01","note":"OpenAI's page for this model was not in reach; inferred from the GPT-6.x line (gpt-6.2-sol's page: text and image in, no audio) and third-party model cards"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/guides/file-inputs","date":"2026-12-01","note":"OpenAI takes PDFs on every vision model (file inputs guide)"},"audio_input":{"value":false,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-6.1-luna","date":"2026-12-01","note":"OpenAI's page for this model was not in reach; inferred from the GPT-6.x line (gpt-6.2-sol's page: text and image in, no audio) and third-party model cards"}},"source":"https://developers.openai.com/api/docs/models/gpt-6.1-luna"},
{"id":"gpt-6-luna","name":"GPT-6 Luna","family":"gpt","variant":"luna","version":"6","limits":{"context":1050000,"output":128000},"capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-6-luna","date":"2026-12-01","note":"OpenAI's page for this model was not in reach; inferred from the GPT-6.x line (gpt-6.2-sol's page: text and image in, no audio) and third-party model cards"},"image_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-6-luna","date":"2026-12-01","note":"OpenAI's page for this model was not in reach; inferred from the GPT-6.x line (gpt-6.2-sol's page: text and image in, no audio) and third-party model cards"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/guides/file-inputs","date":"2026-12-01","note":"OpenAI takes PDFs on every vision model (file inputs guide)"},"audio_input":{"value":false,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-6-luna","date":"2026-12-01","note":"OpenAI's page for this model was not in reach; inferred from the GPT-6.x line (gpt-6.2-sol's page: text and image in, no audio) and third-party model cards"}},"source":"https://developers.openai.com/api/docs/models/gpt-6-luna"},
{"id":"gpt-5.6-sol","name":"GPT-5.6 Sol","family":"gpt","variant":"sol","version":"5.6","limits":{"context":1050000,"output":128000},"capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.6-sol","date":"2026-12-01","note":"OpenAI's page for this model was not in reach; inferred from the GPT-5.x line (every GPT-5 model takes images) and third-party listings (apiyi.com, dev.to summaries of the deprecations page)"},"image_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.6-sol","date":"2026-12-01","note":"OpenAI's page for this model was not in reach; inferred from the GPT-5.x line (every GPT-5 model takes images) and third-party listings (apiyi.com, dev.to summaries of the deprecations page)"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/guides/file-inputs","date":"2026-12-01","note":"OpenAI takes PDFs on every vision model (file inputs guide)"},"audio_input":{"value":false,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.6-sol","date":"2026-12-01","note":"OpenAI's page for this model was not in reach; inferred from the GPT-5.x line (every GPT-5 model takes images) and third-party listings (apiyi.com, dev.to summaries of the deprecations page)"}},"source":"https://developers.openai.com/api/docs/models/gpt-5.6-sol"},
{"id":"gpt-5.6-terra","name":"GPT-5.6 Terra","family":"gpt","variant":"terra","version":"5.6","limits":{"context":1050000,"output":128000},"capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.6-terra","date":"2026-12-01","note":"OpenAI's page for this model was not in reach; inferred from the GPT-5.x line (every GPT-5 model takes images) and third-party listings (apiyi.com, dev.to summaries of the deprecations page)"},"image_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.6-terra","date":"2026-12-01","note":"OpenAI's page for this model was not in reach; inferred from the GPT-5.x line (every GPT-5 model takes images) and third-party listings (apiyi.com, dev.to summaries of the deprecations page)"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/guides/file-inputs","date":"2026-12-01","note":"OpenAI takes PDFs on every vision model (file inputs guide)"},"audio_input":{"value":false,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.6-terra","date":"2026-12-01","note":"OpenAI's page for this model was not in reach; inferred from the GPT-5.x line (every GPT-5 model takes images) and third-party listings (apiyi.com, dev.to summaries of the deprecations page)"}},"source":"https://developers.openai.com/api/docs/models/gpt-5.6-terra"},
{"id":"gpt-5.6-luna","name":"GPT-5.6 Luna","family":"gpt","variant":"luna","version":"5.6","limits":{"context":1050000,"output":128000},"capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.6-luna","date":"2026-12-01","note":"OpenAI's page for this model was not in reach; inferred from the GPT-5.x line (every GPT-5 model takes images) and third-party listings (apiyi.com, dev.to summaries of the deprecations page)"},"image_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.6-luna","date":"2026-12-01","note":"OpenAI's page for this model was not in reach; inferred from the GPT-5.x line (every GPT-5 model takes images) and third-party listings (apiyi.com, dev.to summaries of the deprecations page)"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/guides/file-inputs","date":"2026-12-01","note":"OpenAI takes PDFs on every vision model (file inputs guide)"},"audio_input":{"value":false,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-5.6-luna","date":"2026-12-01","note":"OpenAI's page for this model was not in reach; inferred from the GPT-5.x line (every GPT-5 model takes images) and third-party listings (apiyi.com, dev.to summaries of the deprecations page)"}},"source":"https://developers.openai.com/api/docs/models/gpt-5.6-luna"},
{"id":"gpt-6-sol","name":"GPT-6 Sol","family":"gpt","variant":"sol","version":"6","release_date":"2026-09-22","limits":{"context":1050000,"output":128000},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://developers.openai.com/api/docs/models/gpt-6-sol","date":"2026-12-06","note":"OpenAI's page for gpt-6-sol (zh-Hans edition): text and image input, text output, no audio; function calling and structured outputs supported"},"image_input":{"value":true,"evidence":"docs","source":"https://developers.openai.com/api/docs/models/gpt-6-sol","date":"2026-12-06","note":"OpenAI's page for gpt-6-sol (zh-Hans edition): text and image input, text output, no audio; function calling and structured outputs supported"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/guides/file-inputs","date":"2026-12-06","note":"OpenAI takes PDFs on every vision model (file inputs guide)"},"audio_input":{"value":false,"evidence":"docs","source":"https://developers.openai.com/api/docs/models/gpt-6-sol","date":"2026-12-06","note":"OpenAI's page for gpt-6-sol (zh-Hans edition): text and image input, text output, no audio; function calling and structured outputs supported"}},"source":"https://developers.openai.com/api/docs/models/gpt-6-sol"},
{"id":"gpt-6-astra","name":"GPT-6 Astra","family":"gpt","variant":"astra","version":"6","release_date":"2026-09-03","limits":{"context":1050000,"output":128000},"capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-6-astra","date":"2026-12-06","note":"OpenAI's page for gpt-6-astra was not in reach; inferred from the GPT-6 line (gpt-6-sol's page: text and image in, text out, no audio) and LiteLLM's launch notes (\\"Sol and Luna join GPT-6 Astra, trained with the same methods\\")"},"image_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-6-astra","date":"2026-12-06","note":"OpenAI's page for gpt-6-astra was not in reach; inferred from the GPT-6 line (gpt-6-sol's page: text and image in, text out, no audio) and LiteLLM's launch notes (\\"Sol and Luna join GPT-6 Astra, trained with the same methods\\")"},"pdf_input":{"value":true,"evidence":"inferred","source":"https://developers.openai.com/api/docs/guides/file-inputs","date":"2026-12-06","note":"OpenAI takes PDFs on every vision model (file inputs guide)"},"audio_input":{"value":false,"evidence":"inferred","source":"https://developers.openai.com/api/docs/models/gpt-6-astra","date":"2026-12-06","note":"OpenAI's page for gpt-6-astra was not in reach; inferred from the GPT-6 line (gpt-6-sol's page: text and image in, text out, no audio) and LiteLLM's launch notes (\\"Sol and Luna join GPT-6 Astra, trained with the same methods\\")"}},"source":"https://developers.openai.com/api/docs/models/gpt-6-astra"}
]
}
},
{
"kind":"lab",
"file":"data/models/perplexity.json",
"data":{
"lab":"perplexity",
"name":"Perplexity",
"models":[
{"id":"sonar","name":"Sonar","family":"sonar","release_date":"2025-01-21","limits":{"context":128000},"capabilities":{"image_input":{"value":true,"evidence":"docs","source":"https://docs.perplexity.ai/guides/image-attachments","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://docs.perplexity.ai/getting-started/models","date":"2026-11-29"}},"source":"https://docs.perplexity.ai/getting-started/models"},
{"id":"sonar-pro","name":"Sonar Pro","family":"sonar","variant":"pro","release_date":"2025-01-21","limits":{"context":200000,"output":8000},"capabilities":{"image_input":{"value":true,"evidence":"docs","source":"https://docs.perplexity.ai/guides/image-attachments","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://docs.perplexity.ai/getting-started/models","date":"2026-11-29"}},"source":"https://docs.perplexity.ai/getting-started/models"}
]
}
},
{
"kind":"lab",
"file":"data/models/xai.json",
"data":{
"lab":"xai",
"name":"xAI",
"models":[
{"id":"grok-4.3","name":"Grok 4.3","family":"grok","version":"4.3","release_date":"2026-04-17","limits":{"context":1000000,"output":30000},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://docs.x.ai/docs/guides/function-calling","date":"2026-12-01"},"image_input":{"value":true,"evidence":"docs","source":"https://docs.x.ai/docs/guides/image-understanding","date":"2026-12-01"},"audio_input":{"value":false,"evidence":"docs","source":"https://docs.x.ai/docs/models","date":"2026-12-01"}},"source":"https://docs.x.ai/docs/models","note":"the replacement xAI names for every model it retired on 2026-05-15"},
{"id":"grok-4","name":"Grok 4","family":"grok","version":"4","release_date":"2025-07-09","snapshots":["grok-4-0709"],"limits":{"context":256000},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://docs.x.ai/docs/guides/function-calling","date":"2026-11-29"},"image_input":{"value":true,"evidence":"docs","source":"https://docs.x.ai/docs/guides/image-understanding","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://docs.x.ai/docs/models","date":"2026-11-29"}},"source":"https://docs.x.ai/docs/models"},
{"id":"grok-code-fast-1","name":"Grok Code Fast 1","family":"grok-code","variant":"fast","version":"1","release_date":"2025-08-28","limits":{"context":256000},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://docs.x.ai/docs/guides/function-calling","date":"2026-11-29"},"image_input":{"value":false,"evidence":"docs","source":"https://docs.x.ai/docs/models","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://docs.x.ai/docs/models","date":"2026-11-29"}},"source":"https://docs.x.ai/docs/models"},
{"id":"grok-3","name":"Grok 3","family":"grok","version":"3","release_date":"2025-04-03","limits":{"context":131072},"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://docs.x.ai/docs/guides/function-calling","date":"2026-11-29"},"image_input":{"value":false,"evidence":"docs","source":"https://docs.x.ai/docs/models","date":"2026-11-29"},"audio_input":{"value":false,"evidence":"docs","source":"https://docs.x.ai/docs/models","date":"2026-11-29"}},"source":"https://docs.x.ai/docs/models"},
{"id":"grok-4.7","name":"Grok 4.7","family":"grok","version":"4.7","capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://docs.x.ai/docs/models","date":"2026-12-01","note":"listed as a current xAI model (Google Cloud's xAI partner models page); image input inferred from the Grok 4.x line (grok-4.3, grok-4.5 take text and images); xAI's model page was not in reach"},"image_input":{"value":true,"evidence":"inferred","source":"https://docs.x.ai/docs/models","date":"2026-12-01","note":"listed as a current xAI model (Google Cloud's xAI partner models page); image input inferred from the Grok 4.x line (grok-4.3, grok-4.5 take text and images); xAI's model page was not in reach"}},"source":"https://docs.x.ai/docs/models"},
{"id":"grok-4.6","name":"Grok 4.6","family":"grok","version":"4.6","capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://docs.x.ai/docs/models","date":"2026-12-01","note":"listed as a current xAI model (Google Cloud's xAI partner models page); image input inferred from the Grok 4.x line (grok-4.3, grok-4.5 take text and images); xAI's model page was not in reach"},"image_input":{"value":true,"evidence":"inferred","source":"https://docs.x.ai/docs/models","date":"2026-12-01","note":"listed as a current xAI model (Google Cloud's xAI partner models page); image input inferred from the Grok 4.x line (grok-4.3, grok-4.5 take text and images); xAI's model page was not in reach"}},"source":"https://docs.x.ai/docs/models"},
{"id":"grok-4.5","name":"Grok 4.5","family":"grok","version":"4.5","limits":{"context":500000},"capabilities":{"tools":{"value":true,"evidence":"inferred","source":"https://docs.x.ai/developers/grok-4-5","date":"2026-12-01","note":"modalities text and image, Chat Completions and Responses, as quoted from xAI's grok-4.5 page (Zoo-Code issue 866); the page itself was not in reach"},"image_input":{"value":true,"evidence":"inferred","source":"https://docs.x.ai/developers/grok-4-5","date":"2026-12-01","note":"modalities text and image, Chat Completions and Responses, as quoted from xAI's grok-4.5 page (Zoo-Code issue 866); the page itself was not in reach"}},"source":"https://docs.x.ai/developers/grok-4-5"}
]
}
},
{
"kind":"provider",
"file":"data/providers/aki-anthropic.json",
"data":{
"id":"aki-anthropic",
"name":"AKI.IO (/anthropic)",
"aliases":["aki.io-anthropic","akiio-anthropic","akianthropic"],
"tool_wire_format":"anthropic",
"base_url":"https://aki.io/anthropic",
"chat_path":"/v1/messages",
"auth":{"header":"x-api-key"},
"api_key_env":"AKI_API_KEY",
"headers":{"anthropic-version":"2023-06-01"},
"docs":"https://aki.io/docs/compatibility/for-ai-coding-agents/",
"quirks":{"source_blocks":false,"tool_result_images":"never"},
"quirk_sources":{"source_blocks":{"evidence":"live","source":"https://metacpan.org/pod/Langertha::Role::Tools","date":"2026-11-29","note":"the shim takes no document or search_result block in a tool_result"},"tool_result_images":{"evidence":"live","source":"https://metacpan.org/pod/Langertha::Role::Tools","date":"2026-11-29","note":"the shim answers a tool_result image without error, but the model does not see it"}},
"offerings":[
{"id":"gpt-oss-120b","model":"openai/gpt-oss-120b","limits":{"context":120000,"output":32000},"source":"https://github.com/anomalyco/models.dev/blob/dev/providers/aki-io/models/gpt-oss-120b.toml","note":"AKI.IO's model ids are its own (llama3-chat-70b, gemma4-26b, ...); only the ones whose model has an entry are listed"}
]
}
},
{
"kind":"provider",
"file":"data/providers/aki.json",
"data":{
"id":"aki",
"name":"AKI.IO (Hermes)",
"aliases":["aki.io","akiio"],
"tool_wire_format":"hermes",
"base_url":"https://aki.io/v1",
"chat_path":"/chat/completions",
"auth":{"header":"Authorization","scheme":"Bearer"},
"api_key_env":"AKI_API_KEY",
"docs":"https://aki.io/docs/compatibility/openai-api-compatibility/",
"offerings":[
{"id":"gpt-oss-120b","model":"openai/gpt-oss-120b","limits":{"context":120000,"output":32000},"source":"https://github.com/anomalyco/models.dev/blob/dev/providers/aki-io/models/gpt-oss-120b.toml","note":"AKI.IO's model ids are its own (llama3-chat-70b, gemma4-26b, ...); only the ones whose model has an entry are listed"}
],
"note":"Tools go into the system prompt and come back as <tool_call> tags (the hermes wire)."
}
},
{
"kind":"provider",
"file":"data/providers/anthropic-bedrock.json",
"data":{
"id":"anthropic-bedrock",
"name":"Claude on Amazon Bedrock (InvokeModel)",
"aliases":["bedrock-anthropic","claude-bedrock"],
"tool_wire_format":"anthropic",
"base_url":"https://bedrock-runtime.us-east-1.amazonaws.com",
"chat_path":"/model/{model}/invoke",
"auth":{"header":"Authorization","scheme":"Bearer","required":false},
"api_key_env":"AWS_BEARER_TOKEN_BEDROCK",
"cloud":{"credentials":"aws-sigv4","service":"bedrock","base_url":"https://bedrock-runtime.{region}.amazonaws.com","params":{"region":{"env":["AWS_REGION","AWS_DEFAULT_REGION"],"default":"us-east-1"}}},
"request_body":{"omit":["model","stream"],"set":{"anthropic_version":"bedrock-2023-05-31"}},
"stream_path":"/model/{model}/invoke-with-response-stream",
"stream_framing":"aws-eventstream",
"docs":"https://docs.aws.amazon.com/bedrock/latest/userguide/model-parameters-anthropic-claude-messages.html",
"capabilities":{"tool_result_images":{"value":true,"evidence":"docs","source":"https://docs.aws.amazon.com/bedrock/latest/userguide/model-parameters-anthropic-claude-messages.html","date":"2026-12-01","note":"the Anthropic Messages body, image blocks inside tool_result.content, as on Anthropic's own API"},"tool_result_pdf":{"value":true,"evidence":"inferred","source":"https://docs.aws.amazon.com/bedrock/latest/userguide/model-parameters-anthropic-claude-messages.html","date":"2026-12-01","note":"document blocks inside tool_result.content, as on Anthropic's own API"}},
"default_model":"us.anthropic.claude-sonnet-4-6",
"offerings":[
{"id":"anthropic.claude-sonnet-4-6","model":"anthropic/claude-sonnet-4-6","aliases":["us.anthropic.claude-sonnet-4-6","eu.anthropic.claude-sonnet-4-6","global.anthropic.claude-sonnet-4-6","jp.anthropic.claude-sonnet-4-6","au.anthropic.claude-sonnet-4-6","apac.anthropic.claude-sonnet-4-6"]},
{"id":"anthropic.claude-opus-4-6-v1","model":"anthropic/claude-opus-4-6","aliases":["us.anthropic.claude-opus-4-6-v1","eu.anthropic.claude-opus-4-6-v1","global.anthropic.claude-opus-4-6-v1","au.anthropic.claude-opus-4-6-v1"]},
{"id":"anthropic.claude-opus-4-5-20251101-v1:0","model":"anthropic/claude-opus-4-5","aliases":["us.anthropic.claude-opus-4-5-20251101-v1:0","eu.anthropic.claude-opus-4-5-20251101-v1:0","global.anthropic.claude-opus-4-5-20251101-v1:0"]},
{"id":"anthropic.claude-haiku-4-5-20251001-v1:0","model":"anthropic/claude-haiku-4-5","aliases":["us.anthropic.claude-haiku-4-5-20251001-v1:0","eu.anthropic.claude-haiku-4-5-20251001-v1:0","global.anthropic.claude-haiku-4-5-20251001-v1:0","jp.anthropic.claude-haiku-4-5-20251001-v1:0","au.anthropic.claude-haiku-4-5-20251001-v1:0","apac.anthropic.claude-haiku-4-5-20251001-v1:0"]},
{"id":"anthropic.claude-3-7-sonnet-20250219-v1:0","model":"anthropic/claude-3-7-sonnet","aliases":["us.anthropic.claude-3-7-sonnet-20250219-v1:0","eu.anthropic.claude-3-7-sonnet-20250219-v1:0","apac.anthropic.claude-3-7-sonnet-20250219-v1:0"]}
]
}
},
{
"kind":"provider",
"file":"data/providers/anthropic-vertex.json",
"data":{
"id":"anthropic-vertex",
"name":"Claude on Google Vertex AI",
"aliases":["vertex-anthropic","claude-vertex"],
"tool_wire_format":"anthropic",
"base_url":"https://aiplatform.googleapis.com/v1",
"chat_path":"/publishers/anthropic/models/{model}:rawPredict",
"auth":null,
"cloud":{"credentials":"google-oauth","base_url":"https://{location}-aiplatform.googleapis.com/v1/projects/{project}/locations/{location}","params":{"project":{"env":["GOOGLE_CLOUD_PROJECT","ANTHROPIC_VERTEX_PROJECT_ID"]},"location":{"env":["GOOGLE_CLOUD_LOCATION","CLOUD_ML_REGION"],"default":"global"}},"base_url_overrides":[{"param":"location","value":"global","base_url":"https://aiplatform.googleapis.com/v1/projects/{project}/locations/global"}]},
"request_body":{"omit":["model"],"set":{"anthropic_version":"vertex-2023-10-16"}},
"stream_path":"/publishers/anthropic/models/{model}:streamRawPredict",
"docs":"https://cloud.google.com/vertex-ai/generative-ai/docs/partner-models/claude/use-claude",
"capabilities":{"tool_result_images":{"value":true,"evidence":"docs","source":"https://cloud.google.com/vertex-ai/generative-ai/docs/partner-models/claude/use-claude","date":"2026-12-01","note":"the Anthropic Messages body, image blocks inside tool_result.content, as on Anthropic's own API"},"tool_result_pdf":{"value":true,"evidence":"inferred","source":"https://cloud.google.com/vertex-ai/generative-ai/docs/partner-models/claude/use-claude","date":"2026-12-01","note":"document blocks inside tool_result.content, as on Anthropic's own API"}},
"default_model":"claude-sonnet-4-6",
"offerings":[
{"id":"claude-sonnet-4-6","model":"anthropic/claude-sonnet-4-6"},
{"id":"claude-opus-4-6","model":"anthropic/claude-opus-4-6"},
{"id":"claude-opus-4-5@20251101","model":"anthropic/claude-opus-4-5","aliases":["claude-opus-4-5"]},
{"id":"claude-haiku-4-5@20251001","model":"anthropic/claude-haiku-4-5","aliases":["claude-haiku-4-5"]},
{"id":"claude-3-7-sonnet@20250219","model":"anthropic/claude-3-7-sonnet"}
]
}
},
{
"kind":"provider",
"file":"data/providers/anthropic.json",
"data":{
"id":"anthropic",
"name":"Anthropic",
"aliases":["claude"],
"tool_wire_format":"anthropic",
"base_url":"https://api.anthropic.com",
"chat_path":"/v1/messages",
"auth":{"header":"x-api-key"},
"api_key_env":"ANTHROPIC_API_KEY",
"headers":{"anthropic-version":"2023-06-01"},
"docs":"https://docs.anthropic.com/en/api/messages",
"capabilities":{"tool_result_images":{"value":true,"evidence":"docs","source":"https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use","date":"2026-11-29","note":"image blocks inside tool_result.content"},"tool_result_pdf":{"value":true,"evidence":"docs","source":"https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use","date":"2026-11-29","note":"document blocks inside tool_result.content (anthropic-sdk-typescript 5d971f92, 2025-09-03)"}},
"cache_write_1h":{"input_multiple":2,"source":"https://platform.claude.com/docs/en/about-claude/pricing","date":"2026-12-01","note":"prompt caching prices: a 1-hour cache write costs 2 times the base input price, a 5-minute write 1.25 times, a cache read 0.1 times"},
"catalogue":{"models_dev":"anthropic"},
"default_model":"claude-sonnet-5-5",
"offerings":[
{"id":"claude-fable-5-1","model":"anthropic/claude-fable-5-1","pricing":{"input":10,"output":50,"cache_read":0.25,"cache_write":12.5,"cache_write_1h":20,"currency":"USD","source":"https://platform.claude.com/docs/en/models/fable-5-1/overview","date":"2026-12-06","note":"input and output unchanged from Claude Fable 5; the cache read cut to a quarter, $0.25 (the overview; LiteLLM's launch notes give $0.25); cache writes at Fable 5's 1.25x (5 minutes) and 2x (1 hour) input"}},
{"id":"claude-opus-5-5","model":"anthropic/claude-opus-5-5","pricing":{"input":4,"output":20,"cache_read":0.2,"cache_write":5,"cache_write_1h":8,"currency":"USD","source":"https://platform.claude.com/docs/en/models/opus-5-5/overview","date":"2026-12-06","note":"the model page's pricing block (read in its zh-CN edition): 5-minute cache write $5, 1-hour $8, cache read $0.20"}},
{"id":"claude-sonnet-5-5","model":"anthropic/claude-sonnet-5-5","pricing":{"input":2,"output":10,"cache_read":0.1,"cache_write":2.5,"cache_write_1h":4,"currency":"USD","source":"https://platform.claude.com/docs/zh-CN/models/sonnet-5-5/overview","date":"2026-12-06","note":"the model page's pricing block: 5-minute cache write $2.50, 1-hour $4; cache read $0.10 since 2026-10-07 (was $0.20; PromptFuel's re-audit of Anthropic's pricing page)"}},
{"id":"claude-haiku-5-5","model":"anthropic/claude-haiku-5-5","pricing":{"input":0.1,"output":0.5,"cache_read":0.01,"cache_write":0.125,"cache_write_1h":0.2,"currency":"USD","source":"https://platform.claude.com/docs/en/models/haiku-5-5/overview","date":"2026-12-06","note":"\\"From $0.10 / $0.50\\": the rates of prompts up to 100K tokens (over 100K: $0.50 input, $2.50 output, $0.05 cache read); cache read $0.01, 5-minute write $0.125, 1-hour write $0.20 as PromptFuel's and apidog's copies of Anthropic's pricing give them"}},
{"id":"claude-opus-4-8","model":"anthropic/claude-opus-4-8"},
{"id":"claude-opus-4-7","model":"anthropic/claude-opus-4-7"},
{"id":"claude-opus-4-6","model":"anthropic/claude-opus-4-6"},
{"id":"claude-sonnet-4-6","model":"anthropic/claude-sonnet-4-6"},
{"id":"claude-opus-4-5","model":"anthropic/claude-opus-4-5","lifecycle":{"deprecated":"2026-11-23","retired":"2027-01-22","replacement":"claude-opus-5-5","source":"https://platform.claude.com/docs/en/about-claude/model-deprecations","note":"deprecated with claude-opus-4-5-20251101 on 2026-11-23, tentative retirement 2027-01-22 (the deprecations page as summarised by modelpin 0.5.7, read 2026-11-26)"}},
{"id":"claude-haiku-4-5","model":"anthropic/claude-haiku-4-5"},
{"id":"claude-3-7-sonnet","model":"anthropic/claude-3-7-sonnet"},
{"id":"claude-opus-5","model":"anthropic/claude-opus-5","pricing":{"input":5,"output":25,"cache_read":0.5,"cache_write":6.25,"cache_write_1h":10,"currency":"USD","source":"https://platform.claude.com/docs/en/models/opus-5/overview","date":"2026-12-06","note":"legacy since Claude Opus 5.5; the model page's pricing block: 5-minute cache write $6.25, 1-hour $10, cache read $0.50; retirement not sooner than 2027-07-24"}},
{"id":"claude-sonnet-5","model":"anthropic/claude-sonnet-5","pricing":{"input":2,"output":10,"currency":"USD","source":"https://platform.claude.com/docs/en/models/sonnet-5/overview","date":"2026-12-06","note":"legacy since Claude Sonnet 5.5; $2 / $10 as the Opus 5 page's comparison table lists it; cache prices not in reach"}},
{"id":"claude-fable-5","model":"anthropic/claude-fable-5","pricing":{"input":10,"output":50,"currency":"USD","source":"https://platform.claude.com/docs/en/models/fable-5/overview","date":"2026-12-06","note":"legacy since Claude Fable 5.1 (\\"Input pricing: $10 / MTok · Output pricing: $50 / MTok\\"); cache prices not in reach"}},
{"id":"claude-fable-5-2","model":"anthropic/claude-fable-5-2","pricing":{"input":8,"output":40,"cache_read":0.2,"currency":"USD","source":"https://platform.claude.com/docs/en/about-claude/models/overview","date":"2026-12-06","note":"$8 / $40 and a $0.20 cache read, as claude-usage 1.5.7 read them from platform.claude.com on 2026-12-01; active in Anthropic's model status table (modelpin 0.5.7, 2026-11-26)"}}
],
"retired":[
{"id":"claude-sonnet-4-5","model":"anthropic/claude-sonnet-4-5","retired":"2026-11-30","replacement":"claude-sonnet-5-5","source":"https://platform.claude.com/docs/en/models/sonnet-4-5/overview","note":"its model page: \\"retires on November 30, 2026. Recommended replacement: Claude Sonnet 5.5\\"; requests fail since the retirement"},
{"id":"claude-opus-4-1","model":"anthropic/claude-opus-4-1","aliases":["claude-opus-4-1-20250805"],"retired":"2026-08-05","source":"https://platform.claude.com/docs/en/release-notes/overview","note":"Anthropic's release notes: requests to this model fail since the retirement (dates as summarised by ai-provider-watch and multidotdev/cli from Anthropic's notes)"},
{"id":"claude-opus-4","model":"anthropic/claude-opus-4","aliases":["claude-opus-4-20250514","claude-opus-4-0"],"retired":"2026-06-15","replacement":"claude-opus-4-8","source":"https://platform.claude.com/docs/en/release-notes/overview","note":"Anthropic's release notes: requests to this model fail since the retirement (dates as summarised by ai-provider-watch and multidotdev/cli from Anthropic's notes)"},
{"id":"claude-sonnet-4","model":"anthropic/claude-sonnet-4","aliases":["claude-sonnet-4-20250514","claude-sonnet-4-0"],"retired":"2026-06-15","replacement":"claude-sonnet-4-6","source":"https://platform.claude.com/docs/en/release-notes/overview","note":"Anthropic's release notes: requests to this model fail since the retirement (dates as summarised by ai-provider-watch and multidotdev/cli from Anthropic's notes)"},
{"id":"claude-3-haiku","model":"anthropic/claude-3-haiku","aliases":["claude-3-haiku-20240307"],"retired":"2026-04-20","replacement":"claude-haiku-4-5","source":"https://platform.claude.com/docs/en/about-claude/model-deprecations","note":"requests fail since the retirement"}
]
}
},
{
"kind":"provider",
"file":"data/providers/azure-openai-responses.json",
"data":{
"id":"azure-openai-responses",
"name":"Azure OpenAI (Responses)",
"aliases":["azure-responses"],
"tool_wire_format":"responses",
"base_url":"https://resource.openai.azure.com/openai/v1",
"chat_path":"/responses",
"auth":{"header":"api-key","required":false},
"api_key_env":"AZURE_OPENAI_API_KEY",
"cloud":{"credentials":"bearer-token","base_url":"https://{resource}.openai.azure.com/openai/v1","params":{"resource":{"env":["AZURE_RESOURCE_NAME"]}}},
"docs":"https://learn.microsoft.com/en-us/azure/ai-foundry/openai/how-to/responses",
"capabilities":{"tool_result_images":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/responses/create","date":"2026-11-29","note":"function_call_output.output takes input_image parts (openai-node 4de5afd4, 2025-09-30); not live-verified"},"tool_result_pdf":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/responses/create","date":"2026-11-29","note":"function_call_output.output takes input_file parts, read by vision; not live-verified"}},
"default_model":"gpt-4.1",
"offerings":[
{"id":"gpt-4.1","model":"openai/gpt-4.1"},
{"id":"gpt-4.1-mini","model":"openai/gpt-4.1-mini"},
{"id":"gpt-4o","model":"openai/gpt-4o"},
{"id":"gpt-4o-mini","model":"openai/gpt-4o-mini"},
{"id":"gpt-5","model":"openai/gpt-5"},
{"id":"gpt-5-mini","model":"openai/gpt-5-mini"},
{"id":"o4-mini","model":"openai/o4-mini"}
],
"note":"the model is the deployment name; deployments named after their model resolve to its facts"
}
},
{
"kind":"provider",
"file":"data/providers/azure-openai.json",
"data":{
"id":"azure-openai",
"name":"Azure OpenAI (Chat Completions)",
"aliases":["azure"],
"tool_wire_format":"openai",
"base_url":"https://resource.openai.azure.com/openai/v1",
"chat_path":"/chat/completions",
"auth":{"header":"api-key","required":false},
"api_key_env":"AZURE_OPENAI_API_KEY",
"cloud":{"credentials":"bearer-token","base_url":"https://{resource}.openai.azure.com/openai/v1","params":{"resource":{"env":["AZURE_RESOURCE_NAME"]}}},
"docs":"https://learn.microsoft.com/en-us/azure/ai-foundry/openai/api-version-lifecycle",
"capabilities":{"tool_result_images":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/chat/create","date":"2026-11-29","note":"a Chat Completions tool message carries text parts only"},"tool_result_pdf":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/chat/create","date":"2026-11-29","note":"a Chat Completions tool message carries text parts only"}},
"default_model":"gpt-4.1",
"offerings":[
{"id":"gpt-4.1","model":"openai/gpt-4.1"},
{"id":"gpt-4.1-mini","model":"openai/gpt-4.1-mini"},
{"id":"gpt-4o","model":"openai/gpt-4o"},
{"id":"gpt-4o-mini","model":"openai/gpt-4o-mini"},
{"id":"gpt-5","model":"openai/gpt-5"},
{"id":"gpt-5-mini","model":"openai/gpt-5-mini"},
{"id":"o4-mini","model":"openai/o4-mini"}
],
"note":"the model is the deployment name; deployments named after their model resolve to its facts"
}
},
{
"kind":"provider",
"file":"data/providers/bedrock.json",
"data":{
"id":"bedrock",
"name":"Amazon Bedrock (Converse)",
"aliases":["amazon-bedrock","aws-bedrock","bedrock-converse"],
"tool_wire_format":"bedrock",
"base_url":"https://bedrock-runtime.us-east-1.amazonaws.com",
"chat_path":"/model/{model}/converse",
"auth":{"header":"Authorization","scheme":"Bearer","required":false},
"api_key_env":"AWS_BEARER_TOKEN_BEDROCK",
"cloud":{"credentials":"aws-sigv4","service":"bedrock","base_url":"https://bedrock-runtime.{region}.amazonaws.com","params":{"region":{"env":["AWS_REGION","AWS_DEFAULT_REGION"],"default":"us-east-1"}}},
"docs":"https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html",
"capabilities":{"tool_result_images":[{"value":true,"evidence":"docs","source":"https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolResultContentBlock.html","date":"2026-12-01","note":"ToolResultContentBlock.image: \\"This field is only supported by Amazon Nova and Anthropic Claude 3 and 4 models\\"","when":{"family":"claude"}},{"value":true,"evidence":"docs","source":"https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolResultContentBlock.html","date":"2026-12-01","note":"ToolResultContentBlock.image: \\"This field is only supported by Amazon Nova and Anthropic Claude 3 and 4 models\\"","when":{"family":"nova"}},{"value":true,"evidence":"live","source":"https://github.com/anomalyco/opencode/issues/49443","date":"2026-12-01","note":"not on AWS's list, but a 4x4 PNG inside toolResult.content answered 200 in us-east-1 (the issue's table)","when":{"model":"meta/llama-4-maverick-17b-128e-instruct"}},{"value":false,"evidence":"docs","source":"https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolResultContentBlock.html","date":"2026-12-01","note":"AWS documents the image member for Nova and Claude only; OpenAI (gpt-oss, GPT), Mistral, Qwen, Gemma, Kimi and Grok answer 400 \\"This model doesn't support the image field for user messages\\" (anomalyco/opencode#49443, can1357/oh-my-pi#11681); the image then goes in the same user turn after the results where the model sees images"}],"tool_result_pdf":[{"value":true,"evidence":"inferred","source":"https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolResultContentBlock.html","date":"2026-12-01","note":"ToolResultContentBlock.document; Claude reads document blocks in a tool result on its own API","when":{"family":"claude"}},{"value":true,"evidence":"inferred","source":"https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolResultContentBlock.html","date":"2026-12-01","note":"ToolResultContentBlock.document; Nova reads documents in Converse","when":{"family":"nova"}},{"value":"unknown","evidence":"docs","source":"https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolResultContentBlock.html","date":"2026-12-01","note":"the document member carries no model restriction in the reference, but no other model is shown reading one inside toolResult; unknown sends the placeholder"}]},
"default_model":"us.anthropic.claude-sonnet-4-6",
"offerings":[
{"id":"anthropic.claude-sonnet-4-6","model":"anthropic/claude-sonnet-4-6","aliases":["us.anthropic.claude-sonnet-4-6","eu.anthropic.claude-sonnet-4-6","global.anthropic.claude-sonnet-4-6","jp.anthropic.claude-sonnet-4-6","au.anthropic.claude-sonnet-4-6","apac.anthropic.claude-sonnet-4-6"]},
{"id":"anthropic.claude-opus-4-6-v1","model":"anthropic/claude-opus-4-6","aliases":["us.anthropic.claude-opus-4-6-v1","eu.anthropic.claude-opus-4-6-v1","global.anthropic.claude-opus-4-6-v1","au.anthropic.claude-opus-4-6-v1"]},
{"id":"anthropic.claude-opus-4-5-20251101-v1:0","model":"anthropic/claude-opus-4-5","aliases":["us.anthropic.claude-opus-4-5-20251101-v1:0","eu.anthropic.claude-opus-4-5-20251101-v1:0","global.anthropic.claude-opus-4-5-20251101-v1:0"]},
{"id":"anthropic.claude-haiku-4-5-20251001-v1:0","model":"anthropic/claude-haiku-4-5","aliases":["us.anthropic.claude-haiku-4-5-20251001-v1:0","eu.anthropic.claude-haiku-4-5-20251001-v1:0","global.anthropic.claude-haiku-4-5-20251001-v1:0","jp.anthropic.claude-haiku-4-5-20251001-v1:0","au.anthropic.claude-haiku-4-5-20251001-v1:0","apac.anthropic.claude-haiku-4-5-20251001-v1:0"]},
{"id":"anthropic.claude-3-7-sonnet-20250219-v1:0","model":"anthropic/claude-3-7-sonnet","aliases":["us.anthropic.claude-3-7-sonnet-20250219-v1:0","eu.anthropic.claude-3-7-sonnet-20250219-v1:0","apac.anthropic.claude-3-7-sonnet-20250219-v1:0"]},
{"id":"amazon.nova-pro-v1:0","model":"amazon/nova-pro-v1","aliases":["us.amazon.nova-pro-v1:0","eu.amazon.nova-pro-v1:0","apac.amazon.nova-pro-v1:0"]},
{"id":"amazon.nova-lite-v1:0","model":"amazon/nova-lite-v1","aliases":["us.amazon.nova-lite-v1:0","eu.amazon.nova-lite-v1:0","apac.amazon.nova-lite-v1:0"]},
{"id":"amazon.nova-micro-v1:0","model":"amazon/nova-micro-v1","aliases":["us.amazon.nova-micro-v1:0","eu.amazon.nova-micro-v1:0","apac.amazon.nova-micro-v1:0"]},
{"id":"amazon.nova-premier-v1:0","model":"amazon/nova-premier-v1","aliases":["us.amazon.nova-premier-v1:0"]},
{"id":"amazon.nova-2-lite-v1:0","model":"amazon/nova-2-lite-v1","aliases":["us.amazon.nova-2-lite-v1:0","eu.amazon.nova-2-lite-v1:0","global.amazon.nova-2-lite-v1:0"]},
{"id":"meta.llama4-maverick-17b-instruct-v1:0","model":"meta/llama-4-maverick-17b-128e-instruct","aliases":["us.meta.llama4-maverick-17b-instruct-v1:0"]},
{"id":"meta.llama4-scout-17b-instruct-v1:0","model":"meta/llama-4-scout-17b-16e-instruct","aliases":["us.meta.llama4-scout-17b-instruct-v1:0"]},
{"id":"meta.llama3-3-70b-instruct-v1:0","model":"meta/llama-3.3-70b-instruct","aliases":["us.meta.llama3-3-70b-instruct-v1:0"]},
{"id":"openai.gpt-oss-120b-1:0","model":"openai/gpt-oss-120b"},
{"id":"openai.gpt-oss-20b-1:0","model":"openai/gpt-oss-20b"},
{"id":"deepseek.v3-v1:0","model":"deepseek/deepseek-v3.1"},
{"id":"qwen.qwen3-32b-v1:0","model":"alibaba/qwen3-32b"}
]
}
},
{
"kind":"provider",
"file":"data/providers/cerebras.json",
"data":{
"id":"cerebras",
"name":"Cerebras",
"tool_wire_format":"openai",
"base_url":"https://api.cerebras.ai/v1",
"chat_path":"/chat/completions",
"auth":{"header":"Authorization","scheme":"Bearer"},
"api_key_env":"CEREBRAS_API_KEY",
"docs":"https://inference-docs.cerebras.ai/api-reference/chat-completions",
"quirks":{"structured_output_with_tools":false},
"quirk_sources":{"structured_output_with_tools":{"evidence":"docs","source":"https://inference-docs.cerebras.ai/capabilities/structured-outputs","date":"2026-12-01","note":"Structured outputs: tool calling and a json_schema response_format cannot be used in the same request"}},
"capabilities":{"tool_result_images":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/chat/create","date":"2026-11-29","note":"a Chat Completions tool message carries text parts only"},"tool_result_pdf":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/chat/create","date":"2026-11-29","note":"a Chat Completions tool message carries text parts only"}},
"catalogue":{"models_dev":"cerebras"},
"default_model":"gpt-oss-120b",
"offerings":[
{"id":"gpt-oss-120b","model":"openai/gpt-oss-120b","source":"https://inference-docs.cerebras.ai/models/overview"}
],
"retired":[
{"id":"llama-3.3-70b","model":"meta/llama-3.3-70b-instruct","retired":"2026-02-16","replacement":"gpt-oss-120b","source":"https://inference-docs.cerebras.ai/models/overview","note":"Cerebras removed these on 2026-02-16 (its own pull requests to downstream model lists, e.g. Kilo-Org/kilocode#5920)"},
{"id":"qwen-3-32b","model":"alibaba/qwen3-32b","retired":"2026-02-16","replacement":"gpt-oss-120b","source":"https://inference-docs.cerebras.ai/models/overview","note":"Cerebras removed these on 2026-02-16 (its own pull requests to downstream model lists, e.g. Kilo-Org/kilocode#5920)"},
{"id":"llama3.1-8b","model":"meta/llama-3.1-8b-instruct","deprecated":"2026-04-22","retired":"2026-05-27","replacement":"gpt-oss-120b","source":"https://inference-docs.cerebras.ai/models/overview","note":"announced by e-mail on 2026-04-22 and on the models overview page"},
{"id":"qwen-3-235b-a22b-instruct-2507","model":"alibaba/qwen3-235b-a22b","deprecated":"2026-04-22","retired":"2026-05-27","replacement":"gpt-oss-120b","source":"https://inference-docs.cerebras.ai/models/overview","note":"announced by e-mail on 2026-04-22 and on the models overview page"}
]
}
},
{
"kind":"provider",
"file":"data/providers/deepseek.json",
"data":{
"id":"deepseek",
"name":"DeepSeek",
"tool_wire_format":"openai",
"base_url":"https://api.deepseek.com",
"chat_path":"/chat/completions",
"auth":{"header":"Authorization","scheme":"Bearer"},
"api_key_env":"DEEPSEEK_API_KEY",
"docs":"https://api-docs.deepseek.com/",
"capabilities":{"tool_result_images":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/chat/create","date":"2026-11-29","note":"a Chat Completions tool message carries text parts only"},"tool_result_pdf":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/chat/create","date":"2026-11-29","note":"a Chat Completions tool message carries text parts only"}},
"catalogue":{"models_dev":"deepseek"},
"default_model":"deepseek-flash",
"offerings":[
{"id":"deepseek-flash","model":"deepseek/deepseek-flash","pricing":{"input":0.3,"output":1.2,"cache_read":0.006,"currency":"USD","source":"https://api-docs.deepseek.com/quick_start/pricing","date":"2026-12-06","note":"the peak rates (01:00-04:00 and 06:00-10:00 UTC); off-peak rates are half: $0.15 input, $0.003 cache hit, $0.60 output"}},
{"id":"deepseek-v4-pro","model":"deepseek/deepseek-v4-pro","pricing":{"input":1.32,"output":3.96,"cache_read":0.044,"currency":"USD","source":"https://api-docs.deepseek.com/quick_start/pricing","date":"2026-12-06","note":"the peak rates (01:00-04:00 and 06:00-10:00 UTC); off-peak rates are half: $0.66 input, $0.022 cache hit, $1.98 output. The catalogue's $0.435 / $0.87 is the promotional price of 2026-05"}}
],
"retired":[
{"id":"deepseek-v4-flash","model":"deepseek/deepseek-v4-flash","aliases":["deepseek-v4-flash-vision-exp"],"retired":"2026-12-01","replacement":"deepseek-flash","source":"https://api-docs.deepseek.com/quick_start/pricing","note":"the pricing page: the old names deepseek-v4-flash and deepseek-v4-flash-vision-exp still answer, but the model behind them is offline and requests are served by DeepSeek-V4.1-Flash at Flash prices; the page gives no date, this is the date it was read"},
{"id":"deepseek-chat","model":"deepseek/deepseek-chat","deprecated":"2026-04-24","retired":"2026-07-24","replacement":"deepseek-v4-flash","source":"https://api-docs.deepseek.com/news/news260424","note":"from 2026-04-24 both names were served by deepseek-v4-flash (non-thinking and thinking); inaccessible after 2026-07-24 15:59 UTC"},
{"id":"deepseek-reasoner","model":"deepseek/deepseek-reasoner","deprecated":"2026-04-24","retired":"2026-07-24","replacement":"deepseek-v4-flash","source":"https://api-docs.deepseek.com/news/news260424","note":"from 2026-04-24 both names were served by deepseek-v4-flash (non-thinking and thinking); inaccessible after 2026-07-24 15:59 UTC"}
]
}
},
{
"kind":"provider",
"file":"data/providers/gemini-vertex.json",
"data":{
"id":"gemini-vertex",
"name":"Gemini on Google Vertex AI",
"aliases":["vertex","vertex-ai","google-vertex"],
"tool_wire_format":"gemini",
"base_url":"https://aiplatform.googleapis.com/v1",
"chat_path":"/publishers/google/models/{model}:generateContent",
"auth":{"header":"x-goog-api-key","required":false},
"api_key_env":"GOOGLE_API_KEY",
"cloud":{"credentials":"google-oauth","base_url":"https://{location}-aiplatform.googleapis.com/v1/projects/{project}/locations/{location}","params":{"project":{"env":["GOOGLE_CLOUD_PROJECT"]},"location":{"env":["GOOGLE_CLOUD_LOCATION"],"default":"global"}},"base_url_overrides":[{"param":"location","value":"global","base_url":"https://aiplatform.googleapis.com/v1/projects/{project}/locations/global"}],"api_key_base_url":"https://aiplatform.googleapis.com/v1"},
"docs":"https://cloud.google.com/vertex-ai/generative-ai/docs/reference/rest/v1/projects.locations.publishers.models/generateContent",
"quirks":{"tool_result_image_fallback":"user-message"},
"quirk_sources":{"tool_result_image_fallback":{"evidence":"docs","source":"https://github.com/vercel/ai/blob/main/packages/google/src/convert-to-google-generative-ai-messages.ts","date":"2026-12-01","note":"Gemini 2.x refuses images inside functionResponse; the AI SDK (appendLegacyToolResultParts, @ai-sdk/google 3.0.141) sends them as inlineData parts beside the functionResponse parts in the same user turn. Applies only where the tool result cannot carry the image (Gemini 3 takes it in functionResponse.parts) and the model has image_input."}},
"capabilities":{"tool_result_images":[{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/function-calling#multimodal","date":"2026-11-29","note":"functionResponse.parts inlineData (image); documented for Gemini 3 and later, not live-verified","when":{"family":"gemini","version":">=3"}},{"value":false,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/function-calling#multimodal","date":"2026-11-29","note":"Gemini 2.x answers HTTP 400 'Multimodal function responses are not supported for this model'","when":{"family":"gemini","version":"<3"}}],"tool_result_pdf":[{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/function-calling#multimodal","date":"2026-11-29","note":"functionResponse.parts inlineData (application/pdf); documented for Gemini 3 and later, not live-verified","when":{"family":"gemini","version":">=3"}},{"value":false,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/function-calling#multimodal","date":"2026-11-29","note":"Gemini 2.x answers HTTP 400 'Multimodal function responses are not supported for this model'","when":{"family":"gemini","version":"<3"}}]},
"default_model":"gemini-2.5-flash",
"offerings":[
{"id":"gemini-2.5-flash","model":"google/gemini-2.5-flash"},
{"id":"gemini-2.5-pro","model":"google/gemini-2.5-pro"},
{"id":"gemini-2.5-flash-lite","model":"google/gemini-2.5-flash-lite"},
{"id":"gemini-3-flash-preview","model":"google/gemini-3-flash-preview"},
{"id":"gemini-3-pro-preview","model":"google/gemini-3-pro-preview"}
]
}
},
{
"kind":"provider",
"file":"data/providers/gemini.json",
"data":{
"id":"gemini",
"name":"Google Gemini API",
"aliases":["google","google-gemini"],
"tool_wire_format":"gemini",
"base_url":"https://generativelanguage.googleapis.com/v1beta",
"chat_path":"/models/{model}:generateContent",
"auth":{"header":"x-goog-api-key"},
"api_key_env":"GEMINI_API_KEY",
"docs":"https://ai.google.dev/api/generate-content",
"quirks":{"tool_result_image_fallback":"user-message"},
"quirk_sources":{"tool_result_image_fallback":{"evidence":"docs","source":"https://github.com/vercel/ai/blob/main/packages/google/src/convert-to-google-generative-ai-messages.ts","date":"2026-12-01","note":"Gemini 2.x refuses images inside functionResponse; the AI SDK (appendLegacyToolResultParts, @ai-sdk/google 3.0.141) sends them as inlineData parts beside the functionResponse parts in the same user turn. Applies only where the tool result cannot carry the image (Gemini 3 takes it in functionResponse.parts) and the model has image_input."}},
"capabilities":{"tool_result_images":[{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/function-calling#multimodal","date":"2026-11-29","note":"functionResponse.parts inlineData (image); documented for Gemini 3 and later, not live-verified","when":{"family":"gemini","version":">=3"}},{"value":false,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/function-calling#multimodal","date":"2026-11-29","note":"Gemini 2.x answers HTTP 400 'Multimodal function responses are not supported for this model'","when":{"family":"gemini","version":"<3"}}],"tool_result_pdf":[{"value":true,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/function-calling#multimodal","date":"2026-11-29","note":"functionResponse.parts inlineData (application/pdf); documented for Gemini 3 and later, not live-verified","when":{"family":"gemini","version":">=3"}},{"value":false,"evidence":"docs","source":"https://ai.google.dev/gemini-api/docs/function-calling#multimodal","date":"2026-11-29","note":"Gemini 2.x answers HTTP 400 'Multimodal function responses are not supported for this model'","when":{"family":"gemini","version":"<3"}}]},
"catalogue":{"models_dev":"google"},
"default_model":"gemini-3.8-flash",
"offerings":[
{"id":"gemini-3.8-flash","model":"google/gemini-3.8-flash","pricing":{"input":0.75,"output":3.75,"currency":"USD","source":"https://ai.google.dev/gemini-api/docs/pricing","date":"2026-10-07","note":"the launch price \\"$0.75 through December 31, 2026\\" ($3.75 output, including thinking); from 2027-01-01 $1.50 / $7.50; the page as api-evangelist/deepmind transcribed it on 2026-10-07 (Vercel's AI Gateway lists the same)"}},
{"id":"gemini-3.7-flash","model":"google/gemini-3.7-flash","pricing":{"input":0.75,"output":3.75,"currency":"USD","source":"https://ai.google.dev/gemini-api/docs/pricing","date":"2026-12-06","note":"launch pricing at 50% off ($1.50 / $7.50 standard), through 2027-12-31 as LiteLLM's launch notes quote Google; cache reads discounted in proportion"}},
{"id":"gemini-3.6-flash","model":"google/gemini-3.6-flash"},
{"id":"gemini-3.5-flash-lite","model":"google/gemini-3.5-flash-lite","pricing":{"input":0.3,"output":2.5,"cache_read":0.03,"currency":"USD","source":"https://ai.google.dev/gemini-api/docs/pricing","date":"2026-12-06","note":"\\"$0.30 (text / image / video / audio)\\" input, $2.50 output (the page as transcribed by api-evangelist/deepmind on 2026-10-07); cached input $0.03 as Sim's and APIYI's catalogues list it"}},
{"id":"gemini-3.5-flash","model":"google/gemini-3.5-flash"},
{"id":"gemini-3.1-pro-preview","model":"google/gemini-3.1-pro-preview"},
{"id":"gemini-3-flash-preview","model":"google/gemini-3-flash-preview"},
{"id":"gemini-2.5-flash-lite","model":"google/gemini-2.5-flash-lite"},
{"id":"gemma-3-27b-it","model":"google/gemma-3-27b-it"},
{"id":"gemini-3.1-flash-lite","model":"google/gemini-3.1-flash-lite","pricing":{"input":0.25,"output":1.5,"cache_read":0.025,"currency":"USD","source":"https://ai.google.dev/gemini-api/docs/pricing","date":"2026-12-06","note":"$0.25 / $1.50 and a $0.025 cache read, the preview's price, which the stable id kept (APIYI's notice of 2026-06-15; inference.sh lists $0.25 / $1.50)"}}
],
"retired":[
{"id":"gemini-2.0-flash","model":"google/gemini-2.0-flash","retired":"2026-06-01","replacement":"gemini-3.5-flash","source":"https://ai.google.dev/gemini-api/docs/deprecations","note":"shut down 2026-06-01; requests return 404"},
{"id":"gemini-2.5-pro","model":"google/gemini-2.5-pro","retired":"2026-12-01","replacement":"gemini-3.8-flash","source":"https://ai.google.dev/gemini-api/docs/deprecations","note":"shut down 2026-12-01; requests are routed to gemini-3.8-flash (the deprecations page as read 2026-11-10 by aideprecations.com)"},
{"id":"gemini-2.5-flash","model":"google/gemini-2.5-flash","retired":"2026-12-01","replacement":"gemini-3.5-flash-lite","source":"https://ai.google.dev/gemini-api/docs/deprecations","note":"shut down 2026-12-01; requests are routed to gemini-3.5-flash-lite and billed at its rates (the deprecations page as read 2026-11-10 by aideprecations.com)"},
{"id":"gemini-3-pro-preview","model":"google/gemini-3-pro-preview","deprecated":"2026-02-27","retired":"2026-03-09","replacement":"gemini-3.1-pro-preview","source":"https://ai.google.dev/gemini-api/docs/deprecations"},
{"id":"gemini-3.1-flash-lite-preview","model":"google/gemini-3.1-flash-lite","retired":"2026-05-25","replacement":"gemini-3.1-flash-lite","source":"https://ai.google.dev/gemini-api/docs/deprecations","note":"shut down when Gemini 3.1 Flash-Lite went GA; the preview id errors after 2026-05-25 (Google's models page lists it as shut down, as braintrust-proxy issue 1007 and APIYI's notice of 2026-06-15 report)"}
]
}
},
{
"kind":"provider",
"file":"data/providers/groq.json",
"data":{
"id":"groq",
"name":"Groq",
"tool_wire_format":"openai",
"base_url":"https://api.groq.com/openai/v1",
"chat_path":"/chat/completions",
"auth":{"header":"Authorization","scheme":"Bearer"},
"api_key_env":"GROQ_API_KEY",
"docs":"https://console.groq.com/docs/api-reference",
"quirks":{"structured_output_with_tools":false},
"quirk_sources":{"structured_output_with_tools":{"evidence":"docs","source":"https://console.groq.com/docs/structured-outputs","date":"2026-12-01","note":"Structured Outputs: \\"Streaming and tool use are not currently supported with Structured Outputs\\" (response_format json_schema with tools is refused)"}},
"capabilities":{"tool_result_images":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/chat/create","date":"2026-11-29","note":"a Chat Completions tool message carries text parts only"},"tool_result_pdf":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/chat/create","date":"2026-11-29","note":"a Chat Completions tool message carries text parts only"}},
"catalogue":{"models_dev":"groq"},
"default_model":"openai/gpt-oss-120b",
"offerings":[
{"id":"llama-3.1-8b-instant","model":"meta/llama-3.1-8b-instruct","limits":{"context":131072,"output":131072},"source":"https://console.groq.com/docs/models"},
{"id":"meta-llama/llama-4-scout-17b-16e-instruct","model":"meta/llama-4-scout-17b-16e-instruct","limits":{"context":131072,"output":8192},"source":"https://console.groq.com/docs/models"},
{"id":"meta-llama/llama-4-maverick-17b-128e-instruct","model":"meta/llama-4-maverick-17b-128e-instruct","limits":{"context":131072,"output":8192},"source":"https://console.groq.com/docs/models"},
{"id":"openai/gpt-oss-120b","model":"openai/gpt-oss-120b","limits":{"context":131072,"output":65536},"pricing":{"input":0.15,"output":0.6,"cache_read":0.075,"currency":"USD","source":"https://groq.com/pricing","date":"2026-08-17","note":"as Groq's own model list states it (GET /openai/v1/models, recorded 2026-08 in krishna-guntur/everything-agentic: per-token prompt, completion and input_cache_read prices)"},"source":"https://console.groq.com/docs/models"},
{"id":"openai/gpt-oss-20b","model":"openai/gpt-oss-20b","limits":{"context":131072,"output":65536},"pricing":{"input":0.075,"output":0.3,"cache_read":0.0375,"currency":"USD","source":"https://groq.com/pricing","date":"2026-08-17","note":"as Groq's own model list states it (GET /openai/v1/models, recorded 2026-08 in krishna-guntur/everything-agentic: per-token prompt, completion and input_cache_read prices)"},"source":"https://console.groq.com/docs/models"},
{"id":"moonshotai/kimi-k2-instruct-0905","model":"moonshot/kimi-k2-0905-preview","limits":{"context":262144,"output":16384},"source":"https://console.groq.com/docs/models"},
{"id":"qwen/qwen3-32b","model":"alibaba/qwen3-32b","limits":{"context":131072,"output":40960},"source":"https://console.groq.com/docs/models"}
],
"retired":[
{"id":"llama-3.3-70b-versatile","model":"meta/llama-3.3-70b-instruct","retired":"2026-08-16","replacement":"openai/gpt-oss-120b","source":"https://console.groq.com/docs/deprecations","note":"decommissioned on 2026-08-16 (Groq's announcement as quoted in codedaily04/commit-craft issue 1, which names openai/gpt-oss-120b and qwen/qwen3.6-27b as the recommended replacements); Groq's model list of 2026-08 no longer names it"}
]
}
},
{
"kind":"provider",
"file":"data/providers/huggingface.json",
"data":{
"id":"huggingface",
"name":"Hugging Face Inference Providers",
"aliases":["hf","hugging-face"],
"tool_wire_format":"openai",
"base_url":"https://router.huggingface.co/v1",
"chat_path":"/chat/completions",
"auth":{"header":"Authorization","scheme":"Bearer"},
"api_key_env":"HF_TOKEN",
"docs":"https://huggingface.co/docs/inference-providers/tasks/chat-completion",
"capabilities":{"tool_result_images":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/chat/create","date":"2026-11-29","note":"a Chat Completions tool message carries text parts only"},"tool_result_pdf":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/chat/create","date":"2026-11-29","note":"a Chat Completions tool message carries text parts only"}},
"model_naming":{"strip_any_tag":true},
"catalogue":{"models_dev":"huggingface"},
"offerings":[
{"id":"openai/gpt-oss-120b","model":"openai/gpt-oss-120b"},
{"id":"meta-llama/Llama-3.3-70B-Instruct","model":"meta/llama-3.3-70b-instruct"},
{"id":"Qwen/Qwen3-235B-A22B","model":"alibaba/qwen3-235b-a22b"},
{"id":"moonshotai/Kimi-K2-Instruct-0905","model":"moonshot/kimi-k2-0905-preview"},
{"id":"deepseek-ai/DeepSeek-V3.1","model":"deepseek/deepseek-v3.1"},
{"id":"google/gemma-3-27b-it","model":"google/gemma-3-27b-it"}
],
"note":"A \\":provider\\" or \\":fastest\\" suffix picks the serving partner and is stripped."
}
},
{
"kind":"provider",
"file":"data/providers/llamacpp.json",
"data":{
"id":"llamacpp",
"name":"llama.cpp server",
"aliases":["llama.cpp","llama-cpp"],
"tool_wire_format":"openai",
"base_url":"http://localhost:8080/v1",
"chat_path":"/chat/completions",
"auth":{"header":"Authorization","scheme":"Bearer","required":false},
"api_key_env":"LLAMA_API_KEY",
"docs":"https://github.com/ggml-org/llama.cpp/blob/master/tools/server/README.md",
"quirks":{"inline_images":true},
"quirk_sources":{"inline_images":{"evidence":"inferred","source":"https://github.com/ggml-org/llama.cpp/blob/master/docs/multimodal.md","date":"2026-11-29","note":"llama-server takes images as base64 data URLs; remote URLs are not fetched"}},
"capabilities":{"tool_result_images":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/chat/create","date":"2026-11-29","note":"a Chat Completions tool message carries text parts only"},"tool_result_pdf":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/chat/create","date":"2026-11-29","note":"a Chat Completions tool message carries text parts only"}},
"model_naming":{"strip_any_tag":true},
"note":"The model name is whatever --alias or the GGUF file says; a name that no entry knows resolves to the default (every capability unknown)."
}
},
{
"kind":"provider",
"file":"data/providers/lmstudio-anthropic.json",
"data":{
"id":"lmstudio-anthropic",
"name":"LM Studio (/anthropic)",
"aliases":["lm-studio-anthropic","lmstudioanthropic"],
"tool_wire_format":"anthropic",
"base_url":"http://localhost:1234",
"chat_path":"/v1/messages",
"auth":{"header":"x-api-key","required":false},
"api_key_env":"LM_API_TOKEN",
"headers":{"anthropic-version":"2023-06-01"},
"docs":"https://lmstudio.ai/docs/developer/anthropic-compat",
"quirks":{"source_blocks":false},
"quirk_sources":{"source_blocks":{"evidence":"inferred","source":"https://metacpan.org/pod/Langertha::Role::Tools","date":"2026-11-29","note":"conservatively, not live-verified: no document or search_result block in a tool_result"}},
"capabilities":{"tool_result_images":{"value":true,"evidence":"inferred","source":"https://metacpan.org/pod/Langertha::Role::Tools","date":"2026-11-29","note":"LM Studio documents the endpoint as Anthropic-compatible and says nothing of images inside a tool_result; Langertha sends the image block here for a model with image_input (only AKI.IO's shim keeps the placeholder). Not live-verified"}},
"catalogue":{"models_dev":"lmstudio"},
"offerings":[
{"id":"google/gemma-3-27b","model":"google/gemma-3-27b-it"},
{"id":"qwen/qwen2.5-vl-7b","model":"alibaba/qwen2.5-vl-7b-instruct"},
{"id":"openai/gpt-oss-20b","model":"openai/gpt-oss-20b"},
{"id":"qwen/qwen3-8b","model":"alibaba/qwen3-8b"}
]
}
},
{
"kind":"provider",
"file":"data/providers/lmstudio.json",
"data":{
"id":"lmstudio",
"name":"LM Studio (OpenAI-compatible)",
"aliases":["lm-studio"],
"tool_wire_format":"openai",
"base_url":"http://localhost:1234/v1",
"chat_path":"/chat/completions",
"auth":{"header":"Authorization","scheme":"Bearer","required":false},
"api_key_env":"LM_API_TOKEN",
"docs":"https://lmstudio.ai/docs/app/api/endpoints/openai",
"quirks":{"inline_images":true},
"quirk_sources":{"inline_images":{"evidence":"inferred","source":"https://metacpan.org/pod/Langertha::Content::Image","date":"2026-11-29","note":"LM Studio gets images as base64 data URLs (to_lmstudio)"}},
"capabilities":{"tool_result_images":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/chat/create","date":"2026-11-29","note":"a Chat Completions tool message carries text parts only"},"tool_result_pdf":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/chat/create","date":"2026-11-29","note":"a Chat Completions tool message carries text parts only"}},
"catalogue":{"models_dev":"lmstudio"},
"offerings":[
{"id":"google/gemma-3-27b","model":"google/gemma-3-27b-it"},
{"id":"qwen/qwen2.5-vl-7b","model":"alibaba/qwen2.5-vl-7b-instruct"},
{"id":"openai/gpt-oss-20b","model":"openai/gpt-oss-20b"},
{"id":"qwen/qwen3-8b","model":"alibaba/qwen3-8b"}
]
}
},
{
"kind":"provider",
"file":"data/providers/minimax-anthropic.json",
"data":{
"id":"minimax-anthropic",
"name":"MiniMax (/anthropic)",
"aliases":["minimaxanthropic"],
"tool_wire_format":"anthropic",
"base_url":"https://api.minimax.io/anthropic",
"chat_path":"/v1/messages",
"auth":{"header":"x-api-key"},
"api_key_env":"MINIMAX_API_KEY",
"headers":{"anthropic-version":"2023-06-01"},
"docs":"https://platform.minimax.io/docs/api-reference/text-anthropic-api",
"capabilities":{"tool_result_images":{"value":false,"evidence":"docs","source":"https://platform.minimaxi.com/docs/api-reference/text-anthropic-api","date":"2026-11-29","note":"the compatibility table says messages support text and tool calls, not image or document input"},"tool_result_pdf":{"value":false,"evidence":"docs","source":"https://platform.minimaxi.com/docs/api-reference/text-anthropic-api","date":"2026-11-29","note":"the compatibility table says messages support text and tool calls, not image or document input"}},
"catalogue":{"models_dev":"minimax"},
"default_model":"MiniMax-M2",
"offerings":[
{"id":"MiniMax-M3","model":"minimax/MiniMax-M3"},
{"id":"MiniMax-M2.1","model":"minimax/MiniMax-M2.1"},
{"id":"MiniMax-M2","model":"minimax/MiniMax-M2"}
]
}
},
{
"kind":"provider",
"file":"data/providers/minimax.json",
"data":{
"id":"minimax",
"name":"MiniMax",
"tool_wire_format":"openai",
"base_url":"https://api.minimax.io/v1",
"chat_path":"/chat/completions",
"auth":{"header":"Authorization","scheme":"Bearer"},
"api_key_env":"MINIMAX_API_KEY",
"docs":"https://platform.minimax.io/docs/api-reference/text-openai-api",
"capabilities":{"tool_result_images":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/chat/create","date":"2026-11-29","note":"a Chat Completions tool message carries text parts only"},"tool_result_pdf":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/chat/create","date":"2026-11-29","note":"a Chat Completions tool message carries text parts only"}},
"catalogue":{"models_dev":"minimax"},
"default_model":"MiniMax-M2",
"offerings":[
{"id":"MiniMax-M3","model":"minimax/MiniMax-M3"},
{"id":"MiniMax-M2.1","model":"minimax/MiniMax-M2.1"},
{"id":"MiniMax-M2","model":"minimax/MiniMax-M2"}
]
}
},
{
"kind":"provider",
"file":"data/providers/mistral.json",
"data":{
"id":"mistral",
"name":"Mistral AI",
"tool_wire_format":"openai",
"base_url":"https://api.mistral.ai/v1",
"chat_path":"/chat/completions",
"auth":{"header":"Authorization","scheme":"Bearer"},
"api_key_env":"MISTRAL_API_KEY",
"docs":"https://docs.mistral.ai/api/",
"capabilities":{"tool_result_images":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/chat/create","date":"2026-11-29","note":"a Chat Completions tool message carries text parts only"},"tool_result_pdf":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/chat/create","date":"2026-11-29","note":"a Chat Completions tool message carries text parts only"}},
"catalogue":{"models_dev":"mistral"},
"default_model":"mistral-medium-latest",
"offerings":[
{"id":"mistral-large-4","model":"mistral/mistral-large-4","pricing":{"input":0.7,"output":2.1,"cache_read":0.07,"currency":"USD","source":"https://mistral.ai/pricing","date":"2026-12-06","note":"$0.70 / $2.10 and a $0.07 cache read as Sim's catalogue lists mistral-large-latest (2026-11-20) and OpenRouter lists Mistral Large 4; Mistral's page was not in reach. Without it, mistral-large-latest was priced as Large 3 from the catalogue"}},
{"id":"mistral-small-2603","model":"mistral/mistral-small-2603"},
{"id":"mistral-medium-3.5","model":"mistral/mistral-medium-3.5","aliases":["mistral-medium-3-5"],"pricing":{"input":1.5,"output":7.5,"currency":"USD","source":"https://mistral.ai/pricing","date":"2026-12-06","note":"Mistral Medium 3.5 at $1.50 / $7.50 on Mistral's pricing page, as braintrust-proxy issue 802 quotes it; without it, mistral-medium-latest was priced as Medium 3 from the catalogue"}},
{"id":"mistral-medium-2508","model":"mistral/mistral-medium-2508","lifecycle":{"deprecated":"2026-05-22","source":"https://docs.mistral.ai/getting-started/models/","note":"Mistral deprecated Medium 3 (mistral-medium-2505) and Medium 3.1 (mistral-medium-2508) on 2026-05-22, as braintrust-proxy issue 802 reports from Mistral's changelog; no retirement date found"}},
{"id":"mistral-small-2506","model":"mistral/mistral-small-2506"},
{"id":"mistral-large-2512","model":"mistral/mistral-large-2512"},
{"id":"mistral-large-2411","model":"mistral/mistral-large-2411"},
{"id":"pixtral-large-2411","model":"mistral/pixtral-large-2411"},
{"id":"codestral-2508","model":"mistral/codestral-2508"}
]
}
},
{
"kind":"provider",
"file":"data/providers/moonshot-anthropic.json",
"data":{
"id":"moonshot-anthropic",
"name":"Moonshot AI (/anthropic)",
"aliases":["kimi-anthropic","moonshotanthropic"],
"tool_wire_format":"anthropic",
"base_url":"https://api.moonshot.ai/anthropic",
"chat_path":"/v1/messages",
"auth":{"header":"x-api-key"},
"api_key_env":"MOONSHOT_API_KEY",
"headers":{"anthropic-version":"2023-06-01"},
"docs":"https://platform.moonshot.ai/docs/guide/agent-support",
"quirks":{"source_blocks":false},
"quirk_sources":{"source_blocks":{"evidence":"live","source":"https://metacpan.org/pod/Langertha::Role::Tools","date":"2026-11-29","note":"the /anthropic endpoint takes no document or search_result block in a tool_result"}},
"capabilities":{"tool_result_images":{"value":true,"evidence":"docs","source":"https://platform.moonshot.ai/docs/guide/agent-support","date":"2026-11-29","note":"Kimi's schema lists image inside a tool_result; docs only, not live-verified"}},
"catalogue":{"models_dev":"moonshotai"},
"default_model":"kimi-k3",
"offerings":[
{"id":"kimi-k3","model":"moonshot/kimi-k3","pricing":{"input":3,"output":15,"cache_read":0.3,"currency":"USD","source":"https://platform.kimi.ai/docs/pricing/chat-k3","date":"2026-12-06","note":"$3 cache miss, $0.30 cache hit, $15 output (flat over the whole context), as codeburn PR 709 cites the page; APIYI and Novita list the same"}},
{"id":"kimi-k2.6","model":"moonshot/kimi-k2.6"},
{"id":"kimi-k2.5","model":"moonshot/kimi-k2.5"}
],
"retired":[
{"id":"kimi-k2-thinking","model":"moonshot/kimi-k2-thinking","retired":"2026-12-01","replacement":"kimi-k2.6","source":"https://www.promptfoo.dev/docs/providers/moonshot/","note":"discontinued in 2026 (no day given; this is the date it was read); Moonshot's own notice was not in reach, the source is promptfoo's Moonshot provider page"},
{"id":"kimi-k2-turbo-preview","model":"moonshot/kimi-k2-turbo-preview","retired":"2026-12-01","replacement":"kimi-k2.6","source":"https://www.promptfoo.dev/docs/providers/moonshot/","note":"discontinued in 2026 (no day given; this is the date it was read); Moonshot's own notice was not in reach, the source is promptfoo's Moonshot provider page"},
{"id":"kimi-k2-0711-preview","model":"moonshot/kimi-k2-0711-preview","retired":"2026-12-01","replacement":"kimi-k2.6","source":"https://www.promptfoo.dev/docs/providers/moonshot/","note":"discontinued in 2026 (no day given; this is the date it was read); Moonshot's own notice was not in reach, the source is promptfoo's Moonshot provider page"},
{"id":"kimi-k2-0905-preview","model":"moonshot/kimi-k2-0905-preview","retired":"2026-12-01","replacement":"kimi-k2.6","source":"https://www.promptfoo.dev/docs/providers/moonshot/","note":"discontinued in 2026 (no day given; this is the date it was read); Moonshot's own notice was not in reach, the source is promptfoo's Moonshot provider page"}
]
}
},
{
"kind":"provider",
"file":"data/providers/moonshot.json",
"data":{
"id":"moonshot",
"name":"Moonshot AI (Kimi)",
"aliases":["kimi","moonshotai"],
"tool_wire_format":"openai",
"base_url":"https://api.moonshot.ai/v1",
"chat_path":"/chat/completions",
"auth":{"header":"Authorization","scheme":"Bearer"},
"api_key_env":"MOONSHOT_API_KEY",
"docs":"https://platform.moonshot.ai/docs/api/chat",
"capabilities":{"tool_result_images":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/chat/create","date":"2026-11-29","note":"a Chat Completions tool message carries text parts only"},"tool_result_pdf":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/chat/create","date":"2026-11-29","note":"a Chat Completions tool message carries text parts only"}},
"catalogue":{"models_dev":"moonshotai"},
"default_model":"kimi-k3",
"offerings":[
{"id":"kimi-k3","model":"moonshot/kimi-k3","pricing":{"input":3,"output":15,"cache_read":0.3,"currency":"USD","source":"https://platform.kimi.ai/docs/pricing/chat-k3","date":"2026-12-06","note":"$3 cache miss, $0.30 cache hit, $15 output (flat over the whole context), as codeburn PR 709 cites the page; APIYI and Novita list the same"}},
{"id":"kimi-k2.6","model":"moonshot/kimi-k2.6"},
{"id":"kimi-k2.5","model":"moonshot/kimi-k2.5"}
],
"retired":[
{"id":"kimi-k2-thinking","model":"moonshot/kimi-k2-thinking","retired":"2026-12-01","replacement":"kimi-k2.6","source":"https://www.promptfoo.dev/docs/providers/moonshot/","note":"discontinued in 2026 (no day given; this is the date it was read); Moonshot's own notice was not in reach, the source is promptfoo's Moonshot provider page"},
{"id":"kimi-k2-turbo-preview","model":"moonshot/kimi-k2-turbo-preview","retired":"2026-12-01","replacement":"kimi-k2.6","source":"https://www.promptfoo.dev/docs/providers/moonshot/","note":"discontinued in 2026 (no day given; this is the date it was read); Moonshot's own notice was not in reach, the source is promptfoo's Moonshot provider page"},
{"id":"kimi-k2-0711-preview","model":"moonshot/kimi-k2-0711-preview","retired":"2026-12-01","replacement":"kimi-k2.6","source":"https://www.promptfoo.dev/docs/providers/moonshot/","note":"discontinued in 2026 (no day given; this is the date it was read); Moonshot's own notice was not in reach, the source is promptfoo's Moonshot provider page"},
{"id":"kimi-k2-0905-preview","model":"moonshot/kimi-k2-0905-preview","retired":"2026-12-01","replacement":"kimi-k2.6","source":"https://www.promptfoo.dev/docs/providers/moonshot/","note":"discontinued in 2026 (no day given; this is the date it was read); Moonshot's own notice was not in reach, the source is promptfoo's Moonshot provider page"}
]
}
},
{
"kind":"provider",
"file":"data/providers/nousresearch.json",
"data":{
"id":"nousresearch",
"name":"Nous Research (Nous Portal)",
"aliases":["nous","nous-research"],
"tool_wire_format":"hermes",
"base_url":"https://inference-api.nousresearch.com/v1",
"chat_path":"/chat/completions",
"auth":{"header":"Authorization","scheme":"Bearer"},
"api_key_env":"NOUS_API_KEY",
"docs":"https://portal.nousresearch.com/",
"default_model":"Hermes-4-405B",
"offerings":[
{"id":"Hermes-4-405B","model":"nous/Hermes-4-405B","pricing":{"input":0.09,"output":0.37,"currency":"USD","source":"https://portal.nousresearch.com","date":"2026-12-06","note":"as Cline's NousResearch provider page lists the Nous inference API's prices ($/1M: input, output); the portal's own pages are behind bot protection"}},
{"id":"Hermes-4-70B","model":"nous/Hermes-4-70B","pricing":{"input":0.05,"output":0.2,"currency":"USD","source":"https://portal.nousresearch.com","date":"2026-12-06","note":"as Cline's NousResearch provider page lists the Nous inference API's prices ($/1M: input, output); the portal's own pages are behind bot protection"}}
],
"note":"Hermes models call tools by <tool_call> tags in the text (the hermes wire)."
}
},
{
"kind":"provider",
"file":"data/providers/ollama.json",
"data":{
"id":"ollama",
"name":"Ollama",
"tool_wire_format":"ollama",
"base_url":"http://localhost:11434",
"chat_path":"/api/chat",
"auth":{"header":"Authorization","scheme":"Bearer","required":false},
"api_key_env":"OLLAMA_API_KEY",
"docs":"https://docs.ollama.com/api",
"model_naming":{"strip_any_tag":true},
"offerings":[
{"id":"gpt-oss","model":"openai/gpt-oss-20b","aliases":["gpt-oss:20b"],"source":"https://ollama.com/library/gpt-oss"},
{"id":"gpt-oss:120b","model":"openai/gpt-oss-120b","source":"https://ollama.com/library/gpt-oss"},
{"id":"llama3.3","model":"meta/llama-3.3-70b-instruct","source":"https://ollama.com/library/llama3.3"},
{"id":"llama3.2","model":"meta/llama-3.2-3b-instruct","aliases":["llama3.2:3b"],"source":"https://ollama.com/library/llama3.2"},
{"id":"llama3.2:1b","model":"meta/llama-3.2-1b-instruct","source":"https://ollama.com/library/llama3.2"},
{"id":"llama3.2-vision","model":"meta/llama-3.2-11b-vision-instruct","source":"https://ollama.com/library/llama3.2-vision"},
{"id":"llava","model":"llava/llava-v1.6-mistral-7b","aliases":["llava:7b"],"source":"https://ollama.com/library/llava","note":"llava without a tag is the 7B (Mistral)"},
{"id":"llava:13b","model":"llava/llava-v1.6-vicuna-13b","source":"https://ollama.com/library/llava"},
{"id":"llava:34b","model":"llava/llava-v1.6-34b","source":"https://ollama.com/library/llava"},
{"id":"llama4","model":"meta/llama-4-scout-17b-16e-instruct","source":"https://ollama.com/library/llama4"},
{"id":"gemma3","model":"google/gemma-3-27b-it","source":"https://ollama.com/library/gemma3","note":"gemma3 without a tag is the 4B; 4B, 12B and 27B take images"},
{"id":"gemma3:1b","model":"google/gemma-3-27b-it","limits":{"context":32768},"capabilities":{"image_input":{"value":false,"evidence":"docs","source":"https://ollama.com/library/gemma3","date":"2026-11-29","note":"the 1B is text only"}},"source":"https://ollama.com/library/gemma3"},
{"id":"qwen3","model":"alibaba/qwen3-8b","source":"https://ollama.com/library/qwen3"},
{"id":"qwen3:32b","model":"alibaba/qwen3-32b","source":"https://ollama.com/library/qwen3"},
{"id":"qwen3:235b","model":"alibaba/qwen3-235b-a22b","source":"https://ollama.com/library/qwen3"},
{"id":"qwen2.5vl","model":"alibaba/qwen2.5-vl-7b-instruct","source":"https://ollama.com/library/qwen2.5vl"},
{"id":"deepseek-v3.1","model":"deepseek/deepseek-v3.1","source":"https://ollama.com/library/deepseek-v3.1"},
{"id":"deepseek-r1","model":"deepseek/deepseek-r1-0528-qwen3-8b","aliases":["deepseek-r1:8b"],"source":"https://ollama.com/library/deepseek-r1","note":"deepseek-r1 without a tag is the 8B Qwen3 distill; the other distills (1.5b to 70b) fall back to it, all text only"},
{"id":"deepseek-r1:671b","model":"deepseek/deepseek-r1-0528","source":"https://ollama.com/library/deepseek-r1"},
{"id":"mistral-small3.2","model":"mistral/mistral-small-2506","aliases":["mistral-small3.2:24b"],"source":"https://ollama.com/library/mistral-small3.2"}
],
"note":"The wire is Ollama's own /api/chat; a model name's :tag (size, quantization) is stripped when no offering lists it."
}
},
{
"kind":"provider",
"file":"data/providers/openai-responses.json",
"data":{
"id":"openai-responses",
"name":"OpenAI (Responses)",
"aliases":["responses","openairesponses"],
"tool_wire_format":"responses",
"base_url":"https://api.openai.com/v1",
"chat_path":"/responses",
"auth":{"header":"Authorization","scheme":"Bearer"},
"api_key_env":"OPENAI_API_KEY",
"docs":"https://platform.openai.com/docs/api-reference/responses",
"capabilities":{"tool_result_images":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/responses/create","date":"2026-11-29","note":"function_call_output.output takes input_image parts (openai-node 4de5afd4, 2025-09-30); not live-verified"},"tool_result_pdf":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/responses/create","date":"2026-11-29","note":"function_call_output.output takes input_file parts, read by vision; not live-verified"}},
"catalogue":{"models_dev":"openai"},
"default_model":"gpt-6.1-sol",
"offerings":[
{"id":"gpt-6.1-sol","model":"openai/gpt-6.1-sol","pricing":{"input":2,"output":10,"cache_read":0.1,"cache_write":2.5,"currency":"USD","source":"https://developers.openai.com/api/docs/models/gpt-6.1-sol","date":"2026-12-06","note":"OpenAI's page for gpt-6.1-sol as LiteLLM's and apidog's copies quote it (cached input halved to $0.10 from GPT-6 Sol's $0.20); cache writes at 1.25x input, as OpenAI's GPT-6 model pages state; prompts over 272K input tokens cost 2x input and 1.5x output"}},
{"id":"gpt-6.1-terra","model":"openai/gpt-6.1-terra","pricing":{"input":1,"output":5,"cache_read":0.05,"cache_write":1.25,"currency":"USD","source":"https://developers.openai.com/api/docs/models/gpt-6.1-terra","date":"2026-12-06","note":"read in the page's zh-Hans edition: cached input $0.05; the cache write price is the 30-minute retention (12-hour retention: $2.50); prompts over 272K input tokens cost 2x input and 1.5x output"}},
{"id":"gpt-6.1-luna","model":"openai/gpt-6.1-luna"},
{"id":"gpt-6-luna","model":"openai/gpt-6-luna","pricing":{"input":0.1,"output":0.5,"cache_read":0.01,"cache_write":0.125,"currency":"USD","source":"https://developers.openai.com/api/docs/models/gpt-6-luna","date":"2026-12-06","note":"read in the page's ja-JP edition: cached input $0.01, cache writes $0.125 (1.25x input); prompts over 272K input tokens cost 2x input and 1.5x output"}},
{"id":"gpt-5.6-sol","model":"openai/gpt-5.6-sol","pricing":{"input":4,"output":20,"currency":"USD","source":"https://developers.openai.com/api/docs/models/gpt-5.6-sol","date":"2026-12-06","note":"GPT-5.6 Sol's $4 / $20 as LiteLLM's GPT-6 launch notes quote OpenAI (\\"GPT-5.6's current $4 / $20\\"); OpenAI's page for the model was not in reach, so no cache prices"}},
{"id":"gpt-5.6-terra","model":"openai/gpt-5.6-terra","pricing":{"input":2,"output":12,"cache_read":0.2,"cache_write":2.5,"currency":"USD","source":"https://developers.openai.com/api/docs/models/gpt-5.6-terra","date":"2026-12-06","note":"the GPT-5.6 Luna page's comparison lists Terra at $2.00 input; output and cached input ($12, $0.20, reduced on 2026-07-30) as PromptFuel's and LiteLLM's copies of OpenAI's pricing give them; cache writes at 1.25x input"}},
{"id":"gpt-5.6-luna","model":"openai/gpt-5.6-luna","pricing":{"input":0.2,"output":1.2,"cache_read":0.02,"cache_write":0.25,"currency":"USD","source":"https://developers.openai.com/api/docs/models/gpt-5.6-luna","date":"2026-12-06","note":"cached input $0.02; \\"Cache writes are billed at 1.25x the uncached input token rate\\"; prompts over 272K input tokens cost 2x input and 1.5x output"}},
{"id":"gpt-5.4","model":"openai/gpt-5.4"},
{"id":"gpt-5.2","model":"openai/gpt-5.2"},
{"id":"gpt-5.1","model":"openai/gpt-5.1","lifecycle":{"retired":"2027-04-01","source":"https://developers.openai.com/api/docs/deprecations","note":"OpenAI's deprecations page lists gpt-5.1 for shutdown on 2027-04-01 (as summarised by dev.to/aidriftline; the announcement date was not in reach)"}},
{"id":"gpt-5","model":"openai/gpt-5","lifecycle":{"deprecated":"2026-06-11","retired":"2026-12-11","replacement":"gpt-6.1-sol","source":"https://developers.openai.com/api/docs/deprecations","note":"announced 2026-06-11 with the dated snapshots (\\"2026-06-11: GPT-5 and o3 model deprecations\\")"}},
{"id":"gpt-5-mini","model":"openai/gpt-5-mini","lifecycle":{"deprecated":"2026-06-11","retired":"2026-12-11","replacement":"gpt-6.1-terra","source":"https://developers.openai.com/api/docs/deprecations","note":"announced 2026-06-11 with the dated snapshots (\\"2026-06-11: GPT-5 and o3 model deprecations\\")"}},
{"id":"gpt-5-nano","model":"openai/gpt-5-nano","lifecycle":{"deprecated":"2026-06-11","retired":"2026-12-11","replacement":"gpt-6.1-luna","source":"https://developers.openai.com/api/docs/deprecations","note":"announced 2026-06-11 with the dated snapshots (\\"2026-06-11: GPT-5 and o3 model deprecations\\")"}},
{"id":"gpt-4.1","model":"openai/gpt-4.1","lifecycle":{"deprecated":"2026-10-14","retired":"2027-01-14","replacement":"gpt-6-luna","source":"https://developers.openai.com/api/docs/deprecations","note":"\\"2026-10-14: GPT-4 series model deprecations\\"; fine-tuned versions follow the base model"}},
{"id":"gpt-4.1-mini","model":"openai/gpt-4.1-mini","lifecycle":{"deprecated":"2026-10-14","retired":"2027-01-14","replacement":"gpt-6-luna","source":"https://developers.openai.com/api/docs/deprecations","note":"\\"2026-10-14: GPT-4 series model deprecations\\"; fine-tuned versions follow the base model"}},
{"id":"gpt-4o","model":"openai/gpt-4o","lifecycle":{"deprecated":"2026-10-14","retired":"2027-01-14","replacement":"gpt-6-luna","source":"https://developers.openai.com/api/docs/deprecations","note":"\\"2026-10-14: GPT-4 series model deprecations\\"; fine-tuned versions follow the base model"}},
{"id":"gpt-4o-mini","model":"openai/gpt-4o-mini","lifecycle":{"deprecated":"2026-10-14","retired":"2027-01-14","replacement":"gpt-6-luna","source":"https://developers.openai.com/api/docs/deprecations","note":"\\"2026-10-14: GPT-4 series model deprecations\\"; fine-tuned versions follow the base model"}},
{"id":"o3","model":"openai/o3","lifecycle":{"deprecated":"2026-06-11","retired":"2026-12-11","replacement":"gpt-6.1-sol","source":"https://developers.openai.com/api/docs/deprecations","note":"announced 2026-06-11 with the dated snapshots (\\"2026-06-11: GPT-5 and o3 model deprecations\\")"}},
{"id":"gpt-5-pro","model":"openai/gpt-5-pro","lifecycle":{"deprecated":"2026-06-11","retired":"2026-12-11","replacement":"gpt-6.1-sol","source":"https://developers.openai.com/api/docs/deprecations","note":"announced 2026-06-11 with the dated snapshots (\\"2026-06-11: GPT-5 and o3 model deprecations\\")"}},
{"id":"gpt-6-sol","model":"openai/gpt-6-sol","pricing":{"input":2,"output":10,"cache_read":0.2,"cache_write":2.5,"currency":"USD","source":"https://developers.openai.com/api/docs/models/gpt-6-sol","date":"2026-12-06","note":"read in the page's zh-Hans edition: cached input $0.20, cache writes $2.50 (1.25x input); prompts over 272K input tokens cost 2x input and 1.5x output"}},
{"id":"gpt-6-astra","model":"openai/gpt-6-astra","pricing":{"input":10,"output":50,"cache_read":1,"cache_write":12.5,"currency":"USD","source":"https://developers.openai.com/api/docs/models/gpt-6-astra","date":"2026-12-06","note":"$10 input, $1.00 cached input, $50 output as PromptFuel's copy of OpenAI's pricing gives them (effective 2026-09-03); OpenAI's page for the model was not in reach; cache writes at 1.25x input as on the GPT-6 model pages"}}
],
"retired":[
{"id":"gpt-4.1-nano","model":"openai/gpt-4.1-nano","deprecated":"2026-04-22","retired":"2026-10-23","replacement":"gpt-5.6-luna","source":"https://developers.openai.com/api/docs/deprecations"},
{"id":"o4-mini","model":"openai/o4-mini","deprecated":"2026-04-22","retired":"2026-10-23","replacement":"gpt-5.6-terra","source":"https://developers.openai.com/api/docs/deprecations"},
{"id":"gpt-4o-2024-05-13","model":"openai/gpt-4o-2024-05-13","deprecated":"2026-04-22","retired":"2026-10-23","replacement":"gpt-5.6-sol","source":"https://developers.openai.com/api/docs/deprecations"},
{"id":"gpt-5-chat-latest","model":"openai/gpt-5-chat-latest","deprecated":"2026-04-22","retired":"2026-07-23","replacement":"gpt-5.6-sol","source":"https://developers.openai.com/api/docs/deprecations"},
{"id":"gpt-5-codex","model":"openai/gpt-5-codex","deprecated":"2026-04-22","retired":"2026-07-23","replacement":"gpt-5.6-sol","source":"https://developers.openai.com/api/docs/deprecations"},
{"id":"gpt-5.1-chat-latest","model":"openai/gpt-5.1-chat-latest","deprecated":"2026-04-22","retired":"2026-07-23","replacement":"gpt-5.6-sol","source":"https://developers.openai.com/api/docs/deprecations"},
{"id":"gpt-5.1-codex","model":"openai/gpt-5.1-codex","deprecated":"2026-04-22","retired":"2026-07-23","replacement":"gpt-5.6-sol","source":"https://developers.openai.com/api/docs/deprecations"},
{"id":"gpt-5.1-codex-max","model":"openai/gpt-5.1-codex-max","deprecated":"2026-04-22","retired":"2026-07-23","replacement":"gpt-5.6-sol","source":"https://developers.openai.com/api/docs/deprecations"},
{"id":"gpt-5.1-codex-mini","model":"openai/gpt-5.1-codex-mini","deprecated":"2026-04-22","retired":"2026-07-23","replacement":"gpt-5.6-terra","source":"https://developers.openai.com/api/docs/deprecations"},
{"id":"gpt-5.2-codex","model":"openai/gpt-5.2-codex","deprecated":"2026-04-22","retired":"2026-07-23","replacement":"gpt-5.6-sol","source":"https://developers.openai.com/api/docs/deprecations"},
{"id":"gpt-5.2-chat-latest","model":"openai/gpt-5.2-chat-latest","deprecated":"2026-05-08","retired":"2026-08-10","replacement":"gpt-5.6-sol","source":"https://developers.openai.com/api/docs/deprecations"},
{"id":"gpt-5.3-chat-latest","model":"openai/gpt-5.3-chat-latest","deprecated":"2026-05-08","retired":"2026-08-10","replacement":"gpt-5.6-sol","source":"https://developers.openai.com/api/docs/deprecations"}
]
}
},
{
"kind":"provider",
"file":"data/providers/openai.json",
"data":{
"id":"openai",
"name":"OpenAI (Chat Completions)",
"aliases":["openai-chat"],
"tool_wire_format":"openai",
"base_url":"https://api.openai.com/v1",
"chat_path":"/chat/completions",
"auth":{"header":"Authorization","scheme":"Bearer"},
"api_key_env":"OPENAI_API_KEY",
"docs":"https://platform.openai.com/docs/api-reference/chat",
"capabilities":{"tool_result_images":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/chat/create","date":"2026-11-29","note":"a Chat Completions tool message carries text parts only"},"tool_result_pdf":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/chat/create","date":"2026-11-29","note":"a Chat Completions tool message carries text parts only"}},
"catalogue":{"models_dev":"openai"},
"default_model":"gpt-6.1-sol",
"offerings":[
{"id":"gpt-6.1-sol","model":"openai/gpt-6.1-sol","pricing":{"input":2,"output":10,"cache_read":0.1,"cache_write":2.5,"currency":"USD","source":"https://developers.openai.com/api/docs/models/gpt-6.1-sol","date":"2026-12-06","note":"OpenAI's page for gpt-6.1-sol as LiteLLM's and apidog's copies quote it (cached input halved to $0.10 from GPT-6 Sol's $0.20); cache writes at 1.25x input, as OpenAI's GPT-6 model pages state; prompts over 272K input tokens cost 2x input and 1.5x output"}},
{"id":"gpt-6.1-terra","model":"openai/gpt-6.1-terra","pricing":{"input":1,"output":5,"cache_read":0.05,"cache_write":1.25,"currency":"USD","source":"https://developers.openai.com/api/docs/models/gpt-6.1-terra","date":"2026-12-06","note":"read in the page's zh-Hans edition: cached input $0.05; the cache write price is the 30-minute retention (12-hour retention: $2.50); prompts over 272K input tokens cost 2x input and 1.5x output"}},
{"id":"gpt-6.1-luna","model":"openai/gpt-6.1-luna"},
{"id":"gpt-6-luna","model":"openai/gpt-6-luna","pricing":{"input":0.1,"output":0.5,"cache_read":0.01,"cache_write":0.125,"currency":"USD","source":"https://developers.openai.com/api/docs/models/gpt-6-luna","date":"2026-12-06","note":"read in the page's ja-JP edition: cached input $0.01, cache writes $0.125 (1.25x input); prompts over 272K input tokens cost 2x input and 1.5x output"}},
{"id":"gpt-5.6-sol","model":"openai/gpt-5.6-sol","pricing":{"input":4,"output":20,"currency":"USD","source":"https://developers.openai.com/api/docs/models/gpt-5.6-sol","date":"2026-12-06","note":"GPT-5.6 Sol's $4 / $20 as LiteLLM's GPT-6 launch notes quote OpenAI (\\"GPT-5.6's current $4 / $20\\"); OpenAI's page for the model was not in reach, so no cache prices"}},
{"id":"gpt-5.6-terra","model":"openai/gpt-5.6-terra","pricing":{"input":2,"output":12,"cache_read":0.2,"cache_write":2.5,"currency":"USD","source":"https://developers.openai.com/api/docs/models/gpt-5.6-terra","date":"2026-12-06","note":"the GPT-5.6 Luna page's comparison lists Terra at $2.00 input; output and cached input ($12, $0.20, reduced on 2026-07-30) as PromptFuel's and LiteLLM's copies of OpenAI's pricing give them; cache writes at 1.25x input"}},
{"id":"gpt-5.6-luna","model":"openai/gpt-5.6-luna","pricing":{"input":0.2,"output":1.2,"cache_read":0.02,"cache_write":0.25,"currency":"USD","source":"https://developers.openai.com/api/docs/models/gpt-5.6-luna","date":"2026-12-06","note":"cached input $0.02; \\"Cache writes are billed at 1.25x the uncached input token rate\\"; prompts over 272K input tokens cost 2x input and 1.5x output"}},
{"id":"gpt-5.4","model":"openai/gpt-5.4"},
{"id":"gpt-5.2","model":"openai/gpt-5.2"},
{"id":"gpt-5.1","model":"openai/gpt-5.1","lifecycle":{"retired":"2027-04-01","source":"https://developers.openai.com/api/docs/deprecations","note":"OpenAI's deprecations page lists gpt-5.1 for shutdown on 2027-04-01 (as summarised by dev.to/aidriftline; the announcement date was not in reach)"}},
{"id":"gpt-5","model":"openai/gpt-5","lifecycle":{"deprecated":"2026-06-11","retired":"2026-12-11","replacement":"gpt-6.1-sol","source":"https://developers.openai.com/api/docs/deprecations","note":"announced 2026-06-11 with the dated snapshots (\\"2026-06-11: GPT-5 and o3 model deprecations\\")"}},
{"id":"gpt-5-mini","model":"openai/gpt-5-mini","lifecycle":{"deprecated":"2026-06-11","retired":"2026-12-11","replacement":"gpt-6.1-terra","source":"https://developers.openai.com/api/docs/deprecations","note":"announced 2026-06-11 with the dated snapshots (\\"2026-06-11: GPT-5 and o3 model deprecations\\")"}},
{"id":"gpt-5-nano","model":"openai/gpt-5-nano","lifecycle":{"deprecated":"2026-06-11","retired":"2026-12-11","replacement":"gpt-6.1-luna","source":"https://developers.openai.com/api/docs/deprecations","note":"announced 2026-06-11 with the dated snapshots (\\"2026-06-11: GPT-5 and o3 model deprecations\\")"}},
{"id":"gpt-4.1","model":"openai/gpt-4.1","lifecycle":{"deprecated":"2026-10-14","retired":"2027-01-14","replacement":"gpt-6-luna","source":"https://developers.openai.com/api/docs/deprecations","note":"\\"2026-10-14: GPT-4 series model deprecations\\"; fine-tuned versions follow the base model"}},
{"id":"gpt-4.1-mini","model":"openai/gpt-4.1-mini","lifecycle":{"deprecated":"2026-10-14","retired":"2027-01-14","replacement":"gpt-6-luna","source":"https://developers.openai.com/api/docs/deprecations","note":"\\"2026-10-14: GPT-4 series model deprecations\\"; fine-tuned versions follow the base model"}},
{"id":"gpt-4o","model":"openai/gpt-4o","lifecycle":{"deprecated":"2026-10-14","retired":"2027-01-14","replacement":"gpt-6-luna","source":"https://developers.openai.com/api/docs/deprecations","note":"\\"2026-10-14: GPT-4 series model deprecations\\"; fine-tuned versions follow the base model"}},
{"id":"gpt-4o-mini","model":"openai/gpt-4o-mini","lifecycle":{"deprecated":"2026-10-14","retired":"2027-01-14","replacement":"gpt-6-luna","source":"https://developers.openai.com/api/docs/deprecations","note":"\\"2026-10-14: GPT-4 series model deprecations\\"; fine-tuned versions follow the base model"}},
{"id":"o3","model":"openai/o3","lifecycle":{"deprecated":"2026-06-11","retired":"2026-12-11","replacement":"gpt-6.1-sol","source":"https://developers.openai.com/api/docs/deprecations","note":"announced 2026-06-11 with the dated snapshots (\\"2026-06-11: GPT-5 and o3 model deprecations\\")"}},
{"id":"gpt-5-pro","model":"openai/gpt-5-pro","wire":"responses","chat_path":"/responses","capabilities":{"tool_result_images":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/responses/create","date":"2026-11-29","note":"function_call_output.output takes input_image parts"},"tool_result_pdf":{"value":true,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/responses/create","date":"2026-11-29","note":"function_call_output.output takes input_file parts"}},"lifecycle":{"deprecated":"2026-06-11","retired":"2026-12-11","replacement":"gpt-6.1-sol","source":"https://developers.openai.com/api/docs/deprecations","note":"announced 2026-06-11 with the dated snapshots (\\"2026-06-11: GPT-5 and o3 model deprecations\\")"},"source":"https://platform.openai.com/docs/models/gpt-5-pro","note":"Responses API only: the offering overrides the wire."},
{"id":"gpt-6-sol","model":"openai/gpt-6-sol","pricing":{"input":2,"output":10,"cache_read":0.2,"cache_write":2.5,"currency":"USD","source":"https://developers.openai.com/api/docs/models/gpt-6-sol","date":"2026-12-06","note":"read in the page's zh-Hans edition: cached input $0.20, cache writes $2.50 (1.25x input); prompts over 272K input tokens cost 2x input and 1.5x output"}},
{"id":"gpt-6-astra","model":"openai/gpt-6-astra","pricing":{"input":10,"output":50,"cache_read":1,"cache_write":12.5,"currency":"USD","source":"https://developers.openai.com/api/docs/models/gpt-6-astra","date":"2026-12-06","note":"$10 input, $1.00 cached input, $50 output as PromptFuel's copy of OpenAI's pricing gives them (effective 2026-09-03); OpenAI's page for the model was not in reach; cache writes at 1.25x input as on the GPT-6 model pages"}}
],
"retired":[
{"id":"gpt-4.1-nano","model":"openai/gpt-4.1-nano","deprecated":"2026-04-22","retired":"2026-10-23","replacement":"gpt-5.6-luna","source":"https://developers.openai.com/api/docs/deprecations"},
{"id":"o4-mini","model":"openai/o4-mini","deprecated":"2026-04-22","retired":"2026-10-23","replacement":"gpt-5.6-terra","source":"https://developers.openai.com/api/docs/deprecations"},
{"id":"gpt-4o-2024-05-13","model":"openai/gpt-4o-2024-05-13","deprecated":"2026-04-22","retired":"2026-10-23","replacement":"gpt-5.6-sol","source":"https://developers.openai.com/api/docs/deprecations"},
{"id":"gpt-5-chat-latest","model":"openai/gpt-5-chat-latest","deprecated":"2026-04-22","retired":"2026-07-23","replacement":"gpt-5.6-sol","source":"https://developers.openai.com/api/docs/deprecations"},
{"id":"gpt-5-codex","model":"openai/gpt-5-codex","deprecated":"2026-04-22","retired":"2026-07-23","replacement":"gpt-5.6-sol","source":"https://developers.openai.com/api/docs/deprecations"},
{"id":"gpt-5.1-chat-latest","model":"openai/gpt-5.1-chat-latest","deprecated":"2026-04-22","retired":"2026-07-23","replacement":"gpt-5.6-sol","source":"https://developers.openai.com/api/docs/deprecations"},
{"id":"gpt-5.1-codex","model":"openai/gpt-5.1-codex","deprecated":"2026-04-22","retired":"2026-07-23","replacement":"gpt-5.6-sol","source":"https://developers.openai.com/api/docs/deprecations"},
{"id":"gpt-5.1-codex-max","model":"openai/gpt-5.1-codex-max","deprecated":"2026-04-22","retired":"2026-07-23","replacement":"gpt-5.6-sol","source":"https://developers.openai.com/api/docs/deprecations"},
{"id":"gpt-5.1-codex-mini","model":"openai/gpt-5.1-codex-mini","deprecated":"2026-04-22","retired":"2026-07-23","replacement":"gpt-5.6-terra","source":"https://developers.openai.com/api/docs/deprecations"},
{"id":"gpt-5.2-codex","model":"openai/gpt-5.2-codex","deprecated":"2026-04-22","retired":"2026-07-23","replacement":"gpt-5.6-sol","source":"https://developers.openai.com/api/docs/deprecations"},
{"id":"gpt-5.2-chat-latest","model":"openai/gpt-5.2-chat-latest","deprecated":"2026-05-08","retired":"2026-08-10","replacement":"gpt-5.6-sol","source":"https://developers.openai.com/api/docs/deprecations"},
{"id":"gpt-5.3-chat-latest","model":"openai/gpt-5.3-chat-latest","deprecated":"2026-05-08","retired":"2026-08-10","replacement":"gpt-5.6-sol","source":"https://developers.openai.com/api/docs/deprecations"}
],
"note":"Chat Completions: a tool message is text only, so tool-result media go out as placeholders. Use openai-responses for native media."
}
},
{
"kind":"provider",
"file":"data/providers/openrouter.json",
"data":{
"id":"openrouter",
"name":"OpenRouter",
"tool_wire_format":"openai",
"base_url":"https://openrouter.ai/api/v1",
"chat_path":"/chat/completions",
"auth":{"header":"Authorization","scheme":"Bearer"},
"api_key_env":"OPENROUTER_API_KEY",
"docs":"https://openrouter.ai/docs/api-reference/overview",
"capabilities":{"tool_result_images":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/chat/create","date":"2026-11-29","note":"a Chat Completions tool message carries text parts only"},"tool_result_pdf":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/chat/create","date":"2026-11-29","note":"a Chat Completions tool message carries text parts only"}},
"model_naming":{"strip_suffixes":[":free",":nitro",":floor",":online",":thinking",":extended",":exacto",":beta"]},
"catalogue":{"models_dev":"openrouter"},
"default_model":"openai/gpt-6.1-sol",
"offerings":[
{"id":"anthropic/claude-sonnet-5.5","model":"anthropic/claude-sonnet-5-5","pricing":{"input":2,"output":10,"cache_read":0.1,"cache_write":2.5,"cache_write_1h":4,"currency":"USD","source":"https://openrouter.ai/anthropic/claude-sonnet-5.5","date":"2026-12-06","note":"OpenRouter passes Anthropic's price through (Anthropic's Sonnet 5.5 page: $2 / $10, cache read $0.10 since 2026-10-07, writes $2.50 and $4 for one hour)"}},
{"id":"openai/gpt-6.1-sol","model":"openai/gpt-6.1-sol","pricing":{"input":2,"output":10,"cache_read":0.1,"currency":"USD","source":"https://openrouter.ai/openai/gpt-6.1-sol","date":"2026-12-06","note":"OpenRouter passes OpenAI's price through: $2 / $10, cached input $0.10 (OpenAI's page for gpt-6.1-sol as LiteLLM and apidog quote it; AILSA SubSwitch prices the openai/gpt-6.1-sol route the same)"}},
{"id":"anthropic/claude-opus-4.5","model":"anthropic/claude-opus-4-5"},
{"id":"anthropic/claude-haiku-4.5","model":"anthropic/claude-haiku-4-5"},
{"id":"openai/gpt-5.1","model":"openai/gpt-5.1"},
{"id":"openai/gpt-4o","model":"openai/gpt-4o"},
{"id":"openai/gpt-oss-120b","model":"openai/gpt-oss-120b"},
{"id":"deepseek/deepseek-chat-v3.1","model":"deepseek/deepseek-v3.1"},
{"id":"meta-llama/llama-3.3-70b-instruct","model":"meta/llama-3.3-70b-instruct"},
{"id":"moonshotai/kimi-k2-0905","model":"moonshot/kimi-k2-0905-preview"},
{"id":"qwen/qwen3-235b-a22b","model":"alibaba/qwen3-235b-a22b"},
{"id":"minimax/minimax-m2","model":"minimax/MiniMax-M2"},
{"id":"x-ai/grok-4.3","model":"xai/grok-4.3"},
{"id":"nousresearch/hermes-4-405b","model":"nous/Hermes-4-405B","capabilities":{"tools":{"value":false,"evidence":"inferred","source":"https://openrouter.ai/nousresearch/hermes-4-405b","date":"2026-12-01","note":"OpenRouter routes tools only to upstream providers that accept them and answers 404 \\"No endpoints found that support tool use\\" when none does (seen for nousresearch/hermes-3-llama-3.1-405b:free in NousResearch/hermes-agent#8270); its model list (mirrored by models.dev on 2026-07-02) names no tool-capable upstream for this model. The model itself calls tools elsewhere."}},"source":"https://openrouter.ai/nousresearch/hermes-4-405b"},
{"id":"nousresearch/hermes-4-70b","model":"nous/Hermes-4-70B","capabilities":{"tools":{"value":false,"evidence":"inferred","source":"https://openrouter.ai/nousresearch/hermes-4-70b","date":"2026-12-01","note":"OpenRouter routes tools only to upstream providers that accept them and answers 404 \\"No endpoints found that support tool use\\" when none does (seen for nousresearch/hermes-3-llama-3.1-405b:free in NousResearch/hermes-agent#8270); its model list (mirrored by models.dev on 2026-07-02) names no tool-capable upstream for this model. The model itself calls tools elsewhere."}},"source":"https://openrouter.ai/nousresearch/hermes-4-70b"},
{"id":"nousresearch/hermes-3-llama-3.1-70b","model":"nous/Hermes-3-Llama-3.1-70B","capabilities":{"tools":{"value":false,"evidence":"inferred","source":"https://openrouter.ai/nousresearch/hermes-3-llama-3.1-70b","date":"2026-12-01","note":"OpenRouter routes tools only to upstream providers that accept them and answers 404 \\"No endpoints found that support tool use\\" when none does (seen for nousresearch/hermes-3-llama-3.1-405b:free in NousResearch/hermes-agent#8270); its model list (mirrored by models.dev on 2026-07-02) names no tool-capable upstream for this model. The model itself calls tools elsewhere."}},"source":"https://openrouter.ai/nousresearch/hermes-3-llama-3.1-70b"},
{"id":"meta-llama/llama-3.2-3b-instruct","model":"meta/llama-3.2-3b-instruct","capabilities":{"tools":{"value":false,"evidence":"inferred","source":"https://openrouter.ai/meta-llama/llama-3.2-3b-instruct","date":"2026-12-01","note":"OpenRouter routes tools only to upstream providers that accept them and answers 404 \\"No endpoints found that support tool use\\" when none does (seen for nousresearch/hermes-3-llama-3.1-405b:free in NousResearch/hermes-agent#8270); its model list (mirrored by models.dev on 2026-07-02) names no tool-capable upstream for this model. The model itself calls tools elsewhere."}},"source":"https://openrouter.ai/meta-llama/llama-3.2-3b-instruct"},
{"id":"meta-llama/llama-3.2-1b-instruct","model":"meta/llama-3.2-1b-instruct","capabilities":{"tools":{"value":false,"evidence":"inferred","source":"https://openrouter.ai/meta-llama/llama-3.2-1b-instruct","date":"2026-12-01","note":"OpenRouter routes tools only to upstream providers that accept them and answers 404 \\"No endpoints found that support tool use\\" when none does (seen for nousresearch/hermes-3-llama-3.1-405b:free in NousResearch/hermes-agent#8270); its model list (mirrored by models.dev on 2026-07-02) names no tool-capable upstream for this model. The model itself calls tools elsewhere."}},"source":"https://openrouter.ai/meta-llama/llama-3.2-1b-instruct"}
],
"retired":[
{"id":"google/gemini-2.5-pro","model":"google/gemini-2.5-pro","retired":"2026-12-01","replacement":"google/gemini-3.8-flash","source":"https://ai.google.dev/gemini-api/docs/deprecations","note":"Google shut the model down on 2026-12-01"},
{"id":"anthropic/claude-sonnet-4.5","model":"anthropic/claude-sonnet-4-5","retired":"2026-11-30","replacement":"anthropic/claude-sonnet-5.5","source":"https://platform.claude.com/docs/en/models/sonnet-4-5/overview","note":"Anthropic retired the model on 2026-11-30"},
{"id":"x-ai/grok-4","model":"xai/grok-4","deprecated":"2026-05-06","retired":"2026-05-15","replacement":"x-ai/grok-4.3","source":"https://docs.x.ai/developers/migration/may-15-retirement","note":"retired upstream by xAI; OpenRouter no longer lists it"},
{"id":"google/gemini-3-pro-preview","model":"google/gemini-3-pro-preview","deprecated":"2026-02-27","retired":"2026-03-09","replacement":"google/gemini-3.1-pro-preview","source":"https://ai.google.dev/gemini-api/docs/deprecations","note":"retired upstream by Google; OpenRouter no longer lists it"}
],
"note":"Routing suffixes (:free, :nitro, ...) select a route, not a model, and are stripped."
}
},
{
"kind":"provider",
"file":"data/providers/perplexity.json",
"data":{
"id":"perplexity",
"name":"Perplexity (Agent API)",
"aliases":["perplexity-agent"],
"tool_wire_format":"responses",
"base_url":"https://api.perplexity.ai",
"chat_path":"/v1/agent",
"auth":{"header":"Authorization","scheme":"Bearer"},
"api_key_env":"PERPLEXITY_API_KEY",
"docs":"https://docs.perplexity.ai/docs/agent-api",
"quirks":{"tool_result_pdf":"never"},
"quirk_sources":{"tool_result_pdf":{"evidence":"docs","source":"https://metacpan.org/pod/Langertha::Role::Tools","date":"2026-11-29","note":"the Agent API documents only text and image parts in function_call_output; no input_file"}},
"capabilities":{"tools":{"value":true,"evidence":"docs","source":"https://docs.perplexity.ai/docs/agent-api/tools","date":"2026-11-29","note":"custom functions in the tools array"},"tool_result_images":{"value":true,"evidence":"docs","source":"https://metacpan.org/pod/Langertha::ToolResult","date":"2026-11-29","note":"function_call_output.output takes input_text and input_image parts, the OpenAI Responses shape; not live-verified"}},
"catalogue":{"models_dev":"perplexity-agent"},
"default_model":"perplexity/sonar",
"offerings":[
{"id":"perplexity/sonar","model":"perplexity/sonar"},
{"id":"perplexity/sonar-pro","model":"perplexity/sonar-pro"},
{"id":"openai/gpt-5.4","model":"openai/gpt-5.4","source":"https://docs.perplexity.ai/docs/agent-api/tools"},
{"id":"openai/gpt-5.2","model":"openai/gpt-5.2","source":"https://docs.perplexity.ai/docs/agent-api"},
{"id":"openai/gpt-5.1","model":"openai/gpt-5.1"}
],
"retired":[
{"id":"anthropic/claude-sonnet-4-5","model":"anthropic/claude-sonnet-4-5","retired":"2026-11-30","source":"https://platform.claude.com/docs/en/models/sonnet-4-5/overview","note":"Anthropic retired the model on 2026-11-30"},
{"id":"google/gemini-3-pro-preview","model":"google/gemini-3-pro-preview","deprecated":"2026-02-27","retired":"2026-03-09","replacement":"google/gemini-3.1-pro-preview","source":"https://ai.google.dev/gemini-api/docs/deprecations","note":"retired upstream by Google"}
],
"note":"Third-party model ids on the Agent API are not verified against Perplexity's catalogue; any vendor/model name resolves through the model entries."
}
},
{
"kind":"provider",
"file":"data/providers/sglang.json",
"data":{
"id":"sglang",
"name":"SGLang",
"tool_wire_format":"openai",
"base_url":"http://localhost:30000/v1",
"chat_path":"/chat/completions",
"auth":{"header":"Authorization","scheme":"Bearer","required":false},
"api_key_env":"SGLANG_API_KEY",
"docs":"https://docs.sglang.ai/basic_usage/openai_api.html",
"capabilities":{"tool_result_images":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/chat/create","date":"2026-11-29","note":"a Chat Completions tool message carries text parts only"},"tool_result_pdf":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/chat/create","date":"2026-11-29","note":"a Chat Completions tool message carries text parts only"}},
"offerings":[
{"id":"Qwen/Qwen2.5-VL-7B-Instruct","model":"alibaba/qwen2.5-vl-7b-instruct"},
{"id":"meta-llama/Llama-3.3-70B-Instruct","model":"meta/llama-3.3-70b-instruct"},
{"id":"openai/gpt-oss-120b","model":"openai/gpt-oss-120b"},
{"id":"google/gemma-3-27b-it","model":"google/gemma-3-27b-it"},
{"id":"NousResearch/Hermes-4-70B","model":"nous/Hermes-4-70B"}
],
"note":"Serves whatever model it loads: the offerings are common Hugging Face ids."
}
},
{
"kind":"provider",
"file":"data/providers/vllm.json",
"data":{
"id":"vllm",
"name":"vLLM",
"tool_wire_format":"openai",
"base_url":"http://localhost:8000/v1",
"chat_path":"/chat/completions",
"auth":{"header":"Authorization","scheme":"Bearer","required":false},
"api_key_env":"VLLM_API_KEY",
"docs":"https://docs.vllm.ai/en/latest/serving/openai_compatible_server.html",
"capabilities":{"tool_result_images":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/chat/create","date":"2026-11-29","note":"a Chat Completions tool message carries text parts only"},"tool_result_pdf":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/chat/create","date":"2026-11-29","note":"a Chat Completions tool message carries text parts only"}},
"offerings":[
{"id":"Qwen/Qwen2.5-VL-7B-Instruct","model":"alibaba/qwen2.5-vl-7b-instruct"},
{"id":"meta-llama/Llama-3.3-70B-Instruct","model":"meta/llama-3.3-70b-instruct"},
{"id":"openai/gpt-oss-120b","model":"openai/gpt-oss-120b"},
{"id":"google/gemma-3-27b-it","model":"google/gemma-3-27b-it"},
{"id":"NousResearch/Hermes-4-70B","model":"nous/Hermes-4-70B"}
],
"note":"Serves whatever model it loads: the offerings are common Hugging Face ids; any other served name resolves through the model entries."
}
},
{
"kind":"provider",
"file":"data/providers/xai.json",
"data":{
"id":"xai",
"name":"xAI",
"aliases":["grok","x-ai"],
"tool_wire_format":"openai",
"base_url":"https://api.x.ai/v1",
"chat_path":"/chat/completions",
"auth":{"header":"Authorization","scheme":"Bearer"},
"api_key_env":"XAI_API_KEY",
"docs":"https://docs.x.ai/docs/api-reference",
"capabilities":{"tool_result_images":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/chat/create","date":"2026-11-29","note":"a Chat Completions tool message carries text parts only"},"tool_result_pdf":{"value":false,"evidence":"docs","source":"https://platform.openai.com/docs/api-reference/chat/create","date":"2026-11-29","note":"a Chat Completions tool message carries text parts only"}},
"catalogue":{"models_dev":"xai"},
"default_model":"grok-4.3",
"offerings":[
{"id":"grok-4.7","model":"xai/grok-4.7","pricing":{"input":2,"output":6,"cache_read":0.5,"currency":"USD","source":"https://docs.x.ai/docs/models","date":"2026-12-06","note":"prompts under 200K tokens: $2 input, $0.50 cached input, $6 output (200K and above: $4 / $1 / $12), as apidog's Grok 4.7 guide and APIYI (whose list prices match xAI's) give them; Grok 4.6 and 4.7 kept Grok 4.5's price"},"source":"https://docs.x.ai/docs/models"},
{"id":"grok-4.6","model":"xai/grok-4.6","pricing":{"input":2,"output":6,"cache_read":0.5,"currency":"USD","source":"https://docs.x.ai/docs/models","date":"2026-12-06","note":"prompts under 200K tokens: $2 input, $0.50 cached input, $6 output (200K and above: $4 / $1 / $12), as apidog's Grok 4.7 guide and APIYI (whose list prices match xAI's) give them; Grok 4.6 and 4.7 kept Grok 4.5's price"},"source":"https://docs.x.ai/docs/models"},
{"id":"grok-4.5","model":"xai/grok-4.5","pricing":{"input":2,"output":6,"cache_read":0.5,"currency":"USD","source":"https://docs.x.ai/docs/models","date":"2026-12-06","note":"prompts under 200K tokens: $2 input, $0.50 cached input, $6 output (200K and above: $4 / $1 / $12), as apidog's Grok 4.7 guide and APIYI (whose list prices match xAI's) give them; Grok 4.6 and 4.7 kept Grok 4.5's price"},"source":"https://docs.x.ai/docs/models"},
{"id":"grok-4.3","model":"xai/grok-4.3","source":"https://docs.x.ai/docs/models"}
],
"retired":[
{"id":"grok-4","model":"xai/grok-4","deprecated":"2026-05-06","retired":"2026-05-15","replacement":"grok-4.3","source":"https://docs.x.ai/developers/migration/may-15-retirement","note":"after the retirement the slugs are served by grok-4.3 (other model, other price)"},
{"id":"grok-code-fast-1","model":"xai/grok-code-fast-1","deprecated":"2026-05-06","retired":"2026-05-15","replacement":"grok-4.3","source":"https://docs.x.ai/developers/migration/may-15-retirement","note":"after the retirement the slugs are served by grok-4.3 (other model, other price)"},
{"id":"grok-3","model":"xai/grok-3","deprecated":"2026-05-06","retired":"2026-05-15","replacement":"grok-4.3","source":"https://docs.x.ai/developers/migration/may-15-retirement","note":"after the retirement the slugs are served by grok-4.3 (other model, other price)"}
]
}
}
]`);
