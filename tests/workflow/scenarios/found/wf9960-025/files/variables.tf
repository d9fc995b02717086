variable "cfg" {
  type = object({
    x = string
    y = optional(number, 7)
  })
  description = "A variable."
  default = { x = "o" }
  nullable = false
}

variable "cfg1" {
  type = object({
    x = string
    y = optional(number, 7)
  })
  description = "A variable."

  validation {
    condition     = var.cfg1.x != ""
    error_message = "The cfg1 value is out of range."
  }
}

variable "size" {
  type = number
  description = "A variable."
  default = 2
}
