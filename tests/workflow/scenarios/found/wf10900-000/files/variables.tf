variable "size" {
  type = number
  description = "A variable."
  default = 2
}

variable "name" {
  type = string
  description = "A variable."
  default = "alpha"
  sensitive = true

  validation {
    condition     = length(var.name) > 1
    error_message = "The name value is out of range."
  }
}
