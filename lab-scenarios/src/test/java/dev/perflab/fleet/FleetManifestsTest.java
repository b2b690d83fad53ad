package dev.perflab.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.perflab.history.HistoryTarget;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * ci/kubernetes/ and ci/github-actions-sharded.yml: valid against the Kubernetes API's schemas and SchemaStore's
 * workflow schema (ci/kubernetes/validate.sh, with pinned validators from PyPI; skipped with its one line where
 * they cannot be installed), and saying what the lab needs: an Indexed Job whose shard count is the lab's, pods
 * with whole CPUs (requests = limits) so the static CPU manager pins them, the node's name for the rows' machine,
 * the results history's PostgreSQL URL from a Secret, a results volume; a matrix whose shards are 1..N and a merge job last.
 */
class FleetManifestsTest {
    private static final Path CI = Path.of("..", "ci");
    /** The validators' exit code for "cannot be installed here". */
    private static final int CANNOT_INSTALL = 3;

    @TempDir
    Path dir;

    @Test
    @Timeout(600)
    void theManifestsAndTheWorkflowPassTheirSchemasAndABrokenManifestDoesNot() throws Exception {
        Validation ok = validate();
        assumeTrue(ok.exit != CANNOT_INSTALL, () -> "skipped: " + ok.output.strip());
        assertEquals(0, ok.exit, ok.output);
        Path broken = dir.resolve("broken.yaml");
        Files.writeString(broken, Files.readString(CI.resolve("kubernetes/shards.yaml")).replace("  parallelism: 4", "  paralelism: 4"),
                StandardCharsets.UTF_8);
        Validation bad = validate(broken.toString());
        assertEquals(1, bad.exit, "a misspelt field fails the strict schema: " + bad.output);
        assertTrue(bad.output.contains("paralelism"), bad.output);
    }

    private record Validation(int exit, String output) {
    }

    private static Validation validate(String... files) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of("bash", CI.resolve("kubernetes/validate.sh").toString()));
        command.addAll(List.of(files));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output;
        try (InputStream in = process.getInputStream()) {
            output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertTrue(process.waitFor(10, TimeUnit.MINUTES), "validate.sh ends");
        return new Validation(process.exitValue(), output);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> yaml(Path file) throws IOException {
        return (Map<String, Object>) new Yaml(new SafeConstructor(new LoaderOptions())).load(Files.readString(file));
    }

    @SuppressWarnings("unchecked")
    private static <T> T at(Object node, String... path) {
        Object n = node;
        for (String key : path) {
            n = key.matches("\\d+") ? ((List<Object>) n).get(Integer.parseInt(key)) : ((Map<String, Object>) n).get(key);
        }
        return (T) n;
    }

    @Test
    void theIndexedJobRunsOneShardPerPodOnWholePinnedCpus() throws IOException {
        Map<String, Object> job = yaml(CI.resolve("kubernetes/shards.yaml"));
        assertEquals("Indexed", at(job, "spec", "completionMode"));
        int completions = at(job, "spec", "completions");
        assertEquals(completions, (int) at(job, "spec", "parallelism"));
        Map<String, Object> container = at(job, "spec", "template", "spec", "containers", "0");
        List<Map<String, Object>> env = at(container, "env");
        assertEquals(Integer.toString(completions), value(env, Shard.COUNT_VARIABLE).get("value"), "the lab's shard count is the Job's");
        assertEquals("spec.nodeName", at(value(env, "NODE_NAME"), "valueFrom", "fieldRef", "fieldPath"));
        assertEquals(true, at(value(env, HistoryTarget.ENV), "valueFrom", "secretKeyRef", "optional"), "the history's PostgreSQL URL from a Secret");
        Map<String, Object> requests = at(container, "resources", "requests");
        assertEquals(requests, at(container, "resources", "limits"), "Guaranteed: requests = limits");
        assertTrue(String.valueOf(requests.get("cpu")).matches("\\d+"), "whole CPUs: " + requests.get("cpu"));
        String script = String.join(" ", (List<String>) at(container, "args"));
        assertTrue(script.contains("./lab run ") && script.contains("JOB_COMPLETION_INDEX + 1") && script.contains("/results/"), script);
        assertEquals("/results", at(container, "volumeMounts", "0", "mountPath"));
        String merge = String.join(" ", (List<String>) at(yaml(CI.resolve("kubernetes/merge.yaml")), "spec", "template", "spec", "containers", "0", "args"));
        assertTrue(merge.contains("./lab merge /results/orderbook/shard-*-of-" + completions), merge);
    }

    private static Map<String, Object> value(List<Map<String, Object>> env, String name) {
        return env.stream().filter(e -> name.equals(e.get("name"))).findFirst().orElseThrow(() -> new AssertionError("no env " + name));
    }

    @Test
    void theWorkflowShardsOneToNUploadsEachAndMergesLast() throws IOException {
        Map<String, Object> workflow = yaml(CI.resolve("github-actions-sharded.yml"));
        int shards = at(workflow, "env", "SHARDS");
        List<Integer> matrix = at(workflow, "jobs", "shard", "strategy", "matrix", "shard");
        assertEquals(java.util.stream.IntStream.rangeClosed(1, shards).boxed().toList(), matrix);
        List<Map<String, Object>> steps = at(workflow, "jobs", "shard", "steps");
        assertTrue(steps.stream().anyMatch(s -> String.valueOf(s.get("run")).contains("--shard ${{ matrix.shard }}/${{ env.SHARDS }}")), steps.toString());
        assertTrue(steps.stream().anyMatch(s -> String.valueOf(s.get("uses")).startsWith("actions/upload-artifact")), steps.toString());
        assertEquals("shard", at(workflow, "jobs", "merge", "needs"));
        List<Map<String, Object>> merge = at(workflow, "jobs", "merge", "steps");
        assertTrue(merge.stream().anyMatch(s -> String.valueOf(s.get("run")).startsWith("./lab merge ")), merge.toString());
    }
}
