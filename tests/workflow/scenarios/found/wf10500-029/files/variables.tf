variable "cfg" {
  type = object({
    x = string
    y = optional(number, 7)
  })
  default = { x = "o" }

  validation {
    condition     = var.cfg.x != ""
    error_message = "The cfg value is out of range."
  }
}

variable "name" {
  type = string
  default = "alpha"
  sensitive = true

  validation {
    condition     = length(var.name) > 1
    error_message = "The name value is out of range."
  }
}
