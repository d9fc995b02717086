variable "name" {
  type = string
  sensitive = true
}

variable "size" {
  type = number
  description = "A variable."
  default = 2
}

variable "cfg" {
  type = object({
    x = string
    y = optional(number, 7)
  })
  description = "A variable."
  default = { x = "o" }

  validation {
    condition     = var.cfg.x != ""
    error_message = "The cfg value is out of range."
  }
}
