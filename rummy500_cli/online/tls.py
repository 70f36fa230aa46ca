"""TLS for the server's TCP port: a self-signed certificate, pinned by fingerprint.

No certificate authority vouches for a game server on someone's laptop, so the invite
carries the SHA-256 fingerprint of the server's certificate and the client checks it
(`client.connect`): the server is authenticated by what the host handed out, and the
traffic is encrypted. The certificate and its key are made at the server's first start
(with the `cryptography` package, which asyncssh brings: `pip install 'rummy500[online]'`)
and kept in the user's data folder, so invites stay good across restarts.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import ssl
from pathlib import Path

INSTALL = "pip install 'rummy500[online]'"


class NoCrypto(RuntimeError):
    """The `cryptography` package is not installed."""


def ensure_certificate(folder: Path) -> tuple[Path, Path]:
    """The server's certificate and key files, made on first use."""
    cert, key = folder / "server-cert.pem", folder / "server-key.pem"
    if cert.exists() and key.exists():
        return cert, key
    try:
        from cryptography import x509
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.x509.oid import NameOID
    except ImportError:
        raise NoCrypto(
            f"TLS needs the cryptography package: {INSTALL} (or --plain for plain TCP)"
        ) from None
    folder.mkdir(parents=True, exist_ok=True)
    private = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "rummy500 server")])
    now = dt.datetime.now(dt.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(private.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(days=1))
        .not_valid_after(now + dt.timedelta(days=3650))
        .sign(private, hashes.SHA256())
    )
    data = private.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    handle = os.open(key, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(handle, "wb") as out:
        out.write(data)
    cert.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    return cert, key


def server_context(folder: Path) -> tuple[ssl.SSLContext, str]:
    """The server's TLS context and its certificate's SHA-256 fingerprint (hex)."""
    cert, key = ensure_certificate(folder)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert, key)
    der = ssl.PEM_cert_to_DER_cert(cert.read_text())
    return context, hashlib.sha256(der).hexdigest()
