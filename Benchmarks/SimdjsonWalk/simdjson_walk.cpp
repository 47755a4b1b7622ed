// The simdjson side of the `<set>.json-decode-vs-simdjson` cases: simdjson's On-Demand API walks every value
// of a JSON document, unescaping every key and string and parsing every number, which is the least work a
// reader that hands every field to a model must do. Benchmarks/run builds it as a shared library against
// Debian's libsimdjson-dev (3.0.1) and names it in MODELKIT_SIMDJSON_WALK; ModelKitBenchmarks loads it with
// dlopen and times `modelkit_simdjson_walk` like any baseline routine, interleaved with ModelKit's batches.
//
// Stage 1 (the structural index) runs on the kernel simdjson picks at runtime (SIMDJSON_FORCE_IMPLEMENTATION
// overrides it); the On-Demand walk itself is compiled into this file for the kernel the compiler flags allow
// (SIMDJSON_BUILTIN_IMPLEMENTATION), which is why Benchmarks/run passes -march=haswell on a machine with AVX2.
#include <simdjson.h>

#include <cstdint>
#include <cstring>
#include <new>
#include <utility>

using namespace simdjson;

namespace {

// What a walk saw: `checksum` folds in every key, string, number and literal so that the compiler cannot
// drop the work that made them; `values` counts objects, arrays and scalars, which the Swift side checks
// against JSONSerialization's reading of the same file.
struct Tally {
    uint64_t checksum = 0;
    uint64_t values = 0;

    void add(uint64_t value) { checksum = checksum * 31 + value; }

    void add(std::string_view text) {
        // The length and the last byte: unescaping has written every byte, and reading one keeps it used.
        add(text.size() + (text.empty() ? 0 : static_cast<unsigned char>(text.back())));
    }
};

struct Walker {
    ondemand::parser parser;
    padded_string json;
};

error_code walk(ondemand::value value, Tally &tally);

error_code walk_object(ondemand::object object, Tally &tally) {
    for (auto field_result : object) {
        ondemand::field field;
        SIMDJSON_TRY(std::move(field_result).get(field));
        std::string_view key;
        SIMDJSON_TRY(field.unescaped_key().get(key));
        tally.add(key);
        SIMDJSON_TRY(walk(field.value(), tally));
    }
    return SUCCESS;
}

error_code walk_array(ondemand::array array, Tally &tally) {
    for (auto element_result : array) {
        ondemand::value element;
        SIMDJSON_TRY(std::move(element_result).get(element));
        SIMDJSON_TRY(walk(element, tally));
    }
    return SUCCESS;
}

error_code walk(ondemand::value value, Tally &tally) {
    tally.values += 1;
    ondemand::json_type type;
    SIMDJSON_TRY(value.type().get(type));
    switch (type) {
    case ondemand::json_type::object: {
        ondemand::object object;
        SIMDJSON_TRY(value.get_object().get(object));
        return walk_object(object, tally);
    }
    case ondemand::json_type::array: {
        ondemand::array array;
        SIMDJSON_TRY(value.get_array().get(array));
        return walk_array(array, tally);
    }
    case ondemand::json_type::string: {
        std::string_view text;
        SIMDJSON_TRY(value.get_string().get(text));
        tally.add(text);
        return SUCCESS;
    }
    case ondemand::json_type::number: {
        ondemand::number number;
        SIMDJSON_TRY(value.get_number().get(number));
        switch (number.get_number_type()) {
        case ondemand::number_type::signed_integer: tally.add(static_cast<uint64_t>(number.get_int64())); break;
        case ondemand::number_type::unsigned_integer: tally.add(number.get_uint64()); break;
        default: {
            double real = number.get_double();
            uint64_t bits;
            std::memcpy(&bits, &real, sizeof bits);
            tally.add(bits);
        }
        }
        return SUCCESS;
    }
    case ondemand::json_type::boolean: {
        bool flag;
        SIMDJSON_TRY(value.get_bool().get(flag));
        tally.add(flag ? 1 : 2);
        return SUCCESS;
    }
    case ondemand::json_type::null: {
        bool null;
        SIMDJSON_TRY(value.is_null().get(null));
        tally.add(3);
        return SUCCESS;
    }
    }
    return INCORRECT_TYPE;
}

} // namespace

extern "C" {

// Copies `length` bytes into simdjson's padded buffer and sizes the parser for them, outside the timing, as
// ModelKit's side gets its `Data` before the timing; null when memory runs out.
void *modelkit_simdjson_open(const char *bytes, size_t length) {
    auto *walker = new (std::nothrow) Walker();
    if (walker == nullptr) { return nullptr; }
    walker->json = padded_string(bytes, length);
    if (walker->json.size() != length || walker->parser.allocate(length) != SUCCESS) {
        delete walker;
        return nullptr;
    }
    return walker;
}

// One timed iteration: parses the document and walks every value. Returns 0 or simdjson's error code.
int modelkit_simdjson_walk(void *handle, uint64_t *checksum, uint64_t *values) {
    auto *walker = static_cast<Walker *>(handle);
    Tally tally;
    ondemand::document document;
    error_code error = walker->parser.iterate(walker->json).get(document);
    if (error == SUCCESS) {
        ondemand::value root;
        error = document.get_value().get(root);
        if (error == SUCCESS) { error = walk(root, tally); }
    }
    *checksum = tally.checksum;
    *values = tally.values;
    return static_cast<int>(error);
}

const char *modelkit_simdjson_error_message(int code) { return error_message(static_cast<error_code>(code)); }

// The stage-1 kernel in use ("icelake", "haswell", …) and the one the walk was compiled for.
const char *modelkit_simdjson_implementation(void) { return get_active_implementation()->name().data(); }
// (The library's own builtin_implementation() names the kernel Debian compiled it for, not this file's.)
#define MODELKIT_STRING(name) #name
#define MODELKIT_NAME(name) MODELKIT_STRING(name)
const char *modelkit_simdjson_builtin_implementation(void) { return MODELKIT_NAME(SIMDJSON_BUILTIN_IMPLEMENTATION); }

void modelkit_simdjson_close(void *handle) { delete static_cast<Walker *>(handle); }
}
