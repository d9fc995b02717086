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

variable "size" {
  type = number
  default = 2
}

variable "cfg1" {
  type = object({
    x = string
    y = optional(number, 7)
  })
  default = { x = "o" }
  nullable = false

  validation {
    condition     = var.cfg1.x != ""
    error_message = "The cfg1 value is out of range."
  }
}
