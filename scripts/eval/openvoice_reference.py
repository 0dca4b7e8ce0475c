"""Evaluation tooling only (never run by the app or a required test): an independent reference
for the OpenVoice V2 graph template (engine/src/inference/assembly/openvoice/).

Builds OpenVoice's own SynthesizerTrn (imported from a checkout of github.com/myshell-ai/OpenVoice
given with --openvoice-src; nothing of it is copied here) at a small size with random weights,
saves the checkpoint and config the way OpenVoice V2 ships them, and writes the reference
outputs for fixed inputs: the tone embeddings (ref_enc) and the converted audio at tau=0
(voice_conversion). `npm run eval -- openvoice-graph <dir>` assembles the same checkpoint with the
project's template and compares.

    python scripts/eval/openvoice_reference.py --openvoice-src <OpenVoice checkout> --out <dir>
"""
import argparse
import json
import os
import sys

import torch

CONFIG = {
    "_version_": "v2",
    "data": {"sampling_rate": 22050, "filter_length": 64, "hop_length": 16, "win_length": 64, "n_speakers": 0},
    "model": {
        "zero_g": True, "inter_channels": 8, "hidden_channels": 8, "filter_channels": 16, "n_heads": 2,
        "n_layers": 2, "kernel_size": 3, "p_dropout": 0.1, "resblock": "1",
        "resblock_kernel_sizes": [3, 5], "resblock_dilation_sizes": [[1, 3, 5], [1, 3, 5]],
        "upsample_rates": [4, 4], "upsample_initial_channel": 32, "upsample_kernel_sizes": [8, 8],
        "gin_channels": 256,
    },
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--openvoice-src", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--resblock", default="1")
    args = ap.parse_args()
    sys.path.insert(0, args.openvoice_src)
    from openvoice.models import SynthesizerTrn  # the published implementation

    config = json.loads(json.dumps(CONFIG))
    config["model"]["resblock"] = args.resblock
    if args.resblock == "2":
        config["model"]["resblock_dilation_sizes"] = [[1, 3], [1, 3]]
    torch.manual_seed(0)
    bins = config["data"]["filter_length"] // 2 + 1
    model = SynthesizerTrn(0, bins, n_speakers=0, **config["model"]).eval()
    with torch.no_grad():
        for name, p in model.named_parameters():
            p.normal_(0.0, 0.25 if "weight_g" not in name else 1.0)
    os.makedirs(args.out, exist_ok=True)
    torch.save({"model": model.state_dict(), "iteration": 1}, os.path.join(args.out, "checkpoint.pth"))
    with open(os.path.join(args.out, "config.json"), "w") as f:
        json.dump(config, f, indent=2)

    frames = 37
    spec = torch.rand(1, bins, frames) * 2.0
    ref_a = torch.rand(1, bins, 53) * 2.0
    ref_b = torch.rand(1, bins, 29) * 3.0
    with torch.no_grad():
        src = model.ref_enc(ref_a.transpose(1, 2)).unsqueeze(-1)
        tgt = model.ref_enc(ref_b.transpose(1, 2)).unsqueeze(-1)
        audio = model.voice_conversion(spec, torch.LongTensor([frames]), src, tgt, tau=0.0)[0]
    ref = {
        "spec": spec.flatten().tolist(), "frames": frames, "bins": bins,
        "ref_a": ref_a.transpose(1, 2).flatten().tolist(), "ref_a_frames": 53,
        "ref_b": ref_b.transpose(1, 2).flatten().tolist(), "ref_b_frames": 29,
        "src_tone": src.flatten().tolist(), "tgt_tone": tgt.flatten().tolist(),
        "audio": audio.flatten().tolist(), "torch": torch.__version__,
    }
    with open(os.path.join(args.out, "reference.json"), "w") as f:
        json.dump(ref, f)
    print(f"wrote {args.out}: {len(ref['audio'])} samples, rms {audio.pow(2).mean().sqrt().item():.4f}")


if __name__ == "__main__":
    main()
