// A wrapper defined in a header and used elsewhere; its body stringizes.
#define FIXTURE_SAFE_CALL(x)                     \
  do {                                           \
    int _status = x;                             \
    NVF_ERROR(                                   \
        _status == 0,                            \
        "fixture call " #x " failed with code ", \
        _status);                                \
  } while (0)
