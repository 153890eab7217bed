local lib = require("lib.hero")
return lib
