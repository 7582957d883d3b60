package io.lcjwt.bench.race;

import java.util.ArrayList;
import java.util.List;

/** One process's answer for one case, as the contract's JSON line says it. */
public record Result(String label, String contender, String family, String version, String runtime, String libcrypto,
              String kase, String alg, String source, String status, String reason, long decodes,
              List<Double> usPerDecode, Boolean settled, List<Double> warmupUsPerDecode) {
    public double median() {
        List<Double> s = new ArrayList<>(usPerDecode);
        s.sort(Double::compare);
        return s.isEmpty() ? Double.NaN : s.get(s.size() / 2);
    }

    public double min() {
        return usPerDecode.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    public double max() {
        return usPerDecode.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }

    public boolean ok() {
        return "ok".equals(status) && !usPerDecode.isEmpty();
    }
}
