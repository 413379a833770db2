import ThriveCore

/// The units Apple Health writes (`unit="lb"`, `"count/min"`, `"%"`…) and the factor to each of
/// Thrive's canonical units. A pair missing here is a unit Thrive cannot convert: such a record is
/// counted as refused, never stored in the wrong unit.
enum ExportUnit {
    static func factor(from unit: String, to canonical: HealthUnit) -> Double? {
        switch canonical {
        case .count: return unit == "count" ? 1 : nil
        case .countPerMinute: return ["count/min": 1, "count/s": 60, "count/hr": 1 / 60.0][unit]
        case .metre:
            return ["m": 1, "cm": 0.01, "mm": 0.001, "km": 1_000, "mi": 1_609.344, "ft": 0.3048, "in": 0.0254, "yd": 0.9144][
                unit]
        case .kilogram: return ["kg": 1, "g": 0.001, "lb": 0.453_592_37, "oz": 0.028_349_523_125, "st": 6.350_293_18][unit]
        case .kilocalorie: return ["kcal": 1, "Cal": 1, "cal": 0.001, "kJ": 1 / 4.184, "J": 1 / 4_184.0][unit]
        case .minute: return ["min": 1, "s": 1 / 60.0, "hr": 60, "ms": 1 / 60_000.0][unit]
        case .millisecond: return ["ms": 1, "s": 1_000][unit]
        case .fraction: return unit == "%" ? 1 : nil
        case .gram: return ["g": 1, "mg": 0.001, "mcg": 0.000_001, "kg": 1_000, "oz": 28.349_523_125][unit]
        case .litre: return ["L": 1, "mL": 0.001, "dL": 0.1, "fl_oz_us": 0.029_573_529_562_5, "cup_us": 0.236_588_236_5][unit]
        }
    }
}
