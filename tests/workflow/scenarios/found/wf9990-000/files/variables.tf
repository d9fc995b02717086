variable "enabled" {
  type = bool
  default = true
}

variable "cfg" {
  type = object({
    x = string
    y = optional(number, 7)
  })
  default = { x = "o" }
  nullable = false

  validation {
    condition     = var.cfg.x != ""
    error_message = "The cfg value is out of range."
  }
}

variable "zones" {
  type = list(string)
  description = "A variable."
  default = ["a", "b"]
}
