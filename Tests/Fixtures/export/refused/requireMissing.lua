local missing = require("modules.nowhere")
return missing
