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

variable "size" {
  type = number
  default = 2

  validation {
    condition     = var.size >= 0 && var.size <= 4
    error_message = "The size value is out of range."
  }
}
