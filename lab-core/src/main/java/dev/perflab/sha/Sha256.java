package dev.perflab.sha;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256 helpers shared by every rung, the collector's verifier and the tests. */
public final class Sha256 {
    private Sha256() {
    }

    /** A fresh SHA-256 {@link MessageDigest}. A MessageDigest is not thread-safe: one per thread at a time. */
    public static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JDK has no SHA-256 MessageDigest", e);
        }
    }

    /** SHA-256 of {@code bytes}, computed with a fresh digest (slow path; verifier and tests). */
    public static byte[] of(byte[] bytes) {
        return newDigest().digest(bytes);
    }

    public static String hex(byte[] bytes, int off, int len) {
        return HexFormat.of().formatHex(bytes, off, off + len);
    }
}
