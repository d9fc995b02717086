variable "cfg" {
  type = object({
    x = string
    y = optional(number, 7)
  })
  description = "A variable."

  validation {
    condition     = var.cfg.x != ""
    error_message = "The cfg value is out of range."
  }
}
